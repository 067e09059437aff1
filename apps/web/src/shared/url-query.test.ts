import { describe, expect, it } from 'vitest';
import { parseIds } from './url-query.ts';

describe('parseIds', () => {
  it('reads positive integer ids, each once, in order', () => {
    expect(parseIds('3, 1,x,3,-2,0,1.5,7')).toEqual([3, 1, 7]);
    expect(parseIds(null)).toEqual([]);
  });
});
