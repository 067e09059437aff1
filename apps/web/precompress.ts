import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this the framing costs more than it saves (the server's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text file of the build,
 * once, so the server sends them as they are (`@fastify/static` `preCompressed`) instead of
 * compressing on every request, and at the best ratios, which would be too slow per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const source = fs.readFileSync(file);
        if (source.length < MIN_BYTES) continue;
        const br = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gz = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
        if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
