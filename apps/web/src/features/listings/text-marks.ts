import type { ForbidHit } from '@app/shared';

/** One run of a checked text: plain, or a forbidden word the seller must change. */
export interface TextRun {
  text: string;
  hit: ForbidHit | null;
}

/**
 * Splits `text` at the hits of `field` (`title`, `keywords`, `description`, `bullets.<i>`), in
 * order; a hit overlapping an earlier one, or lying outside the text (it was checked before the
 * last keystroke), is left out so the runs always join back into `text`.
 */
export function splitAtHits(text: string, hits: readonly ForbidHit[], field: string): TextRun[] {
  const mine = hits
    .filter((h) => h.field === field && h.start >= 0 && h.end <= text.length && h.start < h.end)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const runs: TextRun[] = [];
  let at = 0;
  for (const hit of mine) {
    if (hit.start < at) continue;
    if (hit.start > at) runs.push({ text: text.slice(at, hit.start), hit: null });
    runs.push({ text: text.slice(hit.start, hit.end), hit });
    at = hit.end;
  }
  if (at < text.length || runs.length === 0) runs.push({ text: text.slice(at), hit: null });
  return runs;
}
