import type { UpcResetResult, UpcResetRefusal } from '@app/shared';

/** The lines of a pasted block (also comma, semicolon or tab separated), blanks dropped. */
export function splitPasted(text: string): string[] {
  return text
    .split(/[\r\n,;\t]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** How many codes a reset changed, and how many were refused for each reason. */
export function summariseReset(answer: UpcResetResult): {
  done: number;
  refused: Partial<Record<UpcResetRefusal, number>>;
} {
  const refused: Partial<Record<UpcResetRefusal, number>> = {};
  let done = 0;
  for (const r of answer.results) {
    if (r.ok) done++;
    else if (r.reason) refused[r.reason] = (refused[r.reason] ?? 0) + 1;
  }
  return { done, refused };
}
