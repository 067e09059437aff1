import { describe, expect, it } from 'vitest';
import { findForbiddenWords, type ForbiddenWord } from './forbidden-words.ts';

const platform = (word: string): ForbiddenWord => ({ word, source: 'platform' });
const texts = (
  over: Partial<{ title: string; bullets: string[]; description: string; keywords: string }>,
) => ({
  title: '',
  bullets: [],
  description: '',
  keywords: '',
  ...over,
});

describe('findForbiddenWords', () => {
  it('matches Latin words whole and ignoring case, with positions per field', () => {
    const hits = findForbiddenWords(
      texts({
        title: 'NIKE style tee, not Nikelodeon',
        bullets: ['soft', 'A best  seller for nike fans'],
        keywords: 'snike',
      }),
      [platform('Nike'), platform('best seller')],
    );
    expect(hits).toEqual([
      { field: 'title', word: 'Nike', start: 0, end: 4, source: 'platform' },
      { field: 'bullets.1', word: 'best seller', start: 2, end: 14, source: 'platform' },
      { field: 'bullets.1', word: 'Nike', start: 19, end: 23, source: 'platform' },
    ]);
  });

  it('matches CJK words as substrings', () => {
    const hits = findForbiddenWords(texts({ description: '全网最好的T恤，销量第一' }), [
      platform('最'),
      platform('第一'),
      platform('国家级'),
    ]);
    expect(hits.map((h) => [h.word, h.start, h.end])).toEqual([
      ['最', 2, 3],
      ['第一', 10, 12],
    ]);
  });

  it('treats regular-expression characters literally', () => {
    const hits = findForbiddenWords(texts({ title: 'Works 100% cure? no: 100x cure' }), [
      platform('100% cure'),
    ]);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ start: 6, end: 15 });
  });

  it('does not flag exempt brands, alone or inside a longer exempt name', () => {
    const words = [
      platform('Nike'),
      platform('Disney'),
      { word: 'cheap', source: 'seller' as const },
    ];
    const hits = findForbiddenWords(
      texts({ title: 'nike shoes, Disney Pixar mug, Disney cap, cheap' }),
      words,
      ['NIKE', 'Disney Pixar'],
    );
    expect(hits.map((h) => [h.word, h.start, h.source])).toEqual([
      ['Disney', 30, 'platform'],
      ['cheap', 42, 'seller'],
    ]);
  });

  it('reports a word on both lists once, as the platform one', () => {
    const hits = findForbiddenWords(texts({ title: 'Disney' }), [
      { word: 'disney', source: 'seller' },
      platform('Disney'),
    ]);
    expect(hits).toEqual([
      { field: 'title', word: 'Disney', start: 0, end: 6, source: 'platform' },
    ]);
  });
});
