import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyReply } from 'fastify';

export interface ZipEntry {
  /** The name inside the archive; a repeated name gets a " (2)" suffix before its extension. */
  name: string;
  /** Opened only when the entry's turn comes; `null` (the object is gone) leaves it out. */
  open: () => Promise<Readable | Buffer | null>;
}

/** Names made unique in order: `a.png`, `a (2).png`, `a (3).png`, compared case-insensitively. */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const ext = path.extname(name);
    const stem = name.slice(0, name.length - ext.length);
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so Chinese names survive. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Streams a zip of `entries` as the reply. Sources are opened one at a time, so a large
 * selection never holds more than one object open; images are already compressed, so entries
 * are stored rather than deflated.
 */
export function streamZip(
  reply: FastifyReply,
  filename: string,
  entries: ZipEntry[],
): FastifyReply {
  const archive = archiver('zip', { store: true });
  const names = uniqueNames(entries.map((e) => e.name));
  const fill = async () => {
    for (const [i, entry] of entries.entries()) {
      const source = await entry.open();
      if (!source) {
        reply.log.warn({ entry: entry.name }, 'zip entry skipped: object missing');
        continue;
      }
      const added = once(archive, 'entry');
      archive.append(source, { name: names[i]! });
      await added;
    }
    await archive.finalize();
  };
  fill().catch((error: unknown) => {
    // Headers are already sent, so the client sees a truncated download rather than an envelope.
    reply.log.error({ err: error }, 'zip stream failed');
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type('application/zip')
    .header('content-disposition', attachment(filename))
    .header('cache-control', 'no-store')
    .send(archive);
}
