import { describe, expect, it } from 'vitest';
import { splitPasted, summariseReset } from './upc-logic.ts';

describe('upc logic', () => {
  it('splits a pasted block on lines, commas, semicolons and tabs', () => {
    expect(splitPasted(' 036000291452 \r\n\n4006381333931,123;\t9\n')).toEqual([
      '036000291452',
      '4006381333931',
      '123',
      '9',
    ]);
    expect(splitPasted('  \n ')).toEqual([]);
  });

  it('counts refusals per reason', () => {
    expect(
      summariseReset({
        results: [
          { id: 1, ok: true, reason: null },
          { id: 2, ok: false, reason: 'in_use' },
          { id: 3, ok: false, reason: 'in_use' },
          { id: 4, ok: false, reason: 'not_found' },
        ],
      }),
    ).toEqual({ done: 1, refused: { in_use: 2, not_found: 1 } });
  });
});
