import { ConflictError } from '../errors.ts';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * The constraint a PostgreSQL unique violation (23505) names, as raised by pg or PGlite and
 * wrapped by Drizzle; null for any other error.
 */
export function uniqueViolationOf(error: unknown): { constraint: string | null } | null {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return { constraint: typeof candidate.constraint === 'string' ? candidate.constraint : null };
    }
    e = candidate.cause;
  }
  return null;
}

/**
 * Runs inserts that can race with an identical call (two clicks, two tabs): when `constraint`
 * refuses the loser, it answers 409 `key` with the id of the row that won (`data.id`), looked
 * up after the failed transaction rolled back; without the id when it cannot be read.
 */
export async function refuseDuplicate<T>(
  work: () => Promise<T>,
  opts: { constraint: string; key?: MessageKey; existingId: () => Promise<number | null> },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolationOf(error)?.constraint !== opts.constraint) throw error;
    const id = await opts.existingId().catch(() => null);
    throw new ConflictError(opts.key ?? 'common.duplicate', {}, id === null ? null : { id });
  }
}
