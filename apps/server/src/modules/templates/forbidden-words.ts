import type { ForbidCheckInput, ForbidHit } from '@app/shared';

export interface ForbiddenWord {
  word: string;
  source: ForbidHit['source'];
}

type Texts = Pick<ForbidCheckInput, 'title' | 'bullets' | 'description' | 'keywords'>;

/** Scripts written without spaces between words: a word there is any substring. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Case-insensitive; whole words for spaced scripts (any run of spaces inside a phrase matches). */
function patternOf(word: string): RegExp {
  const body = word.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  if (UNSPACED.test(word)) return new RegExp(body, 'giu');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, 'giu');
}

function spans(text: string, word: string): Array<[number, number]> {
  return [...text.matchAll(patternOf(word))].map((m) => [m.index, m.index + m[0].length]);
}

function fieldsOf(texts: Texts): Array<[string, string]> {
  return [
    ['title', texts.title],
    ...texts.bullets.map((b, i): [string, string] => [`bullets.${i}`, b]),
    ['description', texts.description],
    ['keywords', texts.keywords],
  ];
}

/**
 * Every occurrence of every word in every field, in field then position order. Exempt brands
 * are the seller's own authorized brands: a word equal to one is not checked, and a hit inside
 * an occurrence of one (e.g. "Disney" in an exempt "Disney Pixar") is not reported.
 */
export function findForbiddenWords(
  texts: Texts,
  words: readonly ForbiddenWord[],
  exemptBrands: readonly string[] = [],
): ForbidHit[] {
  const exempt = new Set(exemptBrands.map((b) => b.trim().toLowerCase()));
  const checked = new Map<string, ForbiddenWord>();
  for (const w of words) {
    const key = w.word.trim().toLowerCase();
    if (key === '' || exempt.has(key)) continue;
    // A word on both lists is reported once, as the platform's.
    if (!checked.has(key) || w.source === 'platform') checked.set(key, w);
  }
  const hits: ForbidHit[] = [];
  for (const [field, text] of fieldsOf(texts)) {
    if (!text) continue;
    const shielded = exemptBrands.flatMap((b) => (b.trim() ? spans(text, b) : []));
    const fieldHits: ForbidHit[] = [];
    for (const w of checked.values()) {
      for (const [start, end] of spans(text, w.word)) {
        if (shielded.some(([s, e]) => s <= start && end <= e)) continue;
        fieldHits.push({ field, word: w.word, start, end, source: w.source });
      }
    }
    fieldHits.sort((a, b) => a.start - b.start || b.end - a.end);
    hits.push(...fieldHits);
  }
  return hits;
}
