import { describe, expect, it } from 'vitest';
import type { ForbidHit } from '@app/shared';
import { splitAtHits } from './text-marks.ts';

const hit = (field: string, start: number, end: number, word = 'x'): ForbidHit => ({
  field,
  word,
  start,
  end,
  source: 'platform',
});

describe('splitAtHits', () => {
  it('marks the hits of its own field, in order, and joins back into the text', () => {
    const text = 'Nike tee, the cheapest';
    const runs = splitAtHits(
      text,
      [hit('title', 14, 22, 'cheapest'), hit('title', 0, 4, 'Nike'), hit('keywords', 0, 3)],
      'title',
    );
    expect(runs.map((r) => [r.text, r.hit?.word ?? null])).toEqual([
      ['Nike', 'Nike'],
      [' tee, the ', null],
      ['cheapest', 'cheapest'],
    ]);
    expect(runs.map((r) => r.text).join('')).toBe(text);
  });

  it('drops overlapping hits and hits beyond a text that has since shrunk', () => {
    const runs = splitAtHits(
      'best best',
      [hit('bullets.1', 0, 4), hit('bullets.1', 2, 6), hit('bullets.1', 5, 30)],
      'bullets.1',
    );
    expect(runs.filter((r) => r.hit).map((r) => r.text)).toEqual(['best']);
    expect(runs.map((r) => r.text).join('')).toBe('best best');
  });

  it('answers one plain run for a clean or empty text', () => {
    expect(splitAtHits('', [], 'title')).toEqual([{ text: '', hit: null }]);
    expect(splitAtHits('clean', [hit('title', 0, 2)], 'keywords')).toEqual([
      { text: 'clean', hit: null },
    ]);
  });
});
