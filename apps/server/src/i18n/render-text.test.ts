import { describe, expect, it } from 'vitest';
import { DESK_STATUS_NAMES, LANGUAGES } from '@app/shared';
import { DOCUMENT_CATALOGUES, renderText } from './render-text.ts';

/** Catalogue keys without i18next's plural suffixes: zh-CN has `_other` where en has two. */
const keysOf = (lang: (typeof LANGUAGES)[number]) =>
  new Set(
    Object.entries(DOCUMENT_CATALOGUES[lang]).flatMap(([section, keys]) =>
      Object.keys(keys).map(
        (k) => `${section}.${k.replace(/_(zero|one|two|few|many|other)$/, '')}`,
      ),
    ),
  );

describe('document catalogues', () => {
  it('have the same keys in every language', () => {
    const [first, ...rest] = LANGUAGES.map((lang) => ({ lang, keys: keysOf(lang) }));
    for (const other of rest) {
      const onlyFirst = [...first!.keys].filter((k) => !other.keys.has(k));
      const onlyOther = [...other.keys].filter((k) => !first!.keys.has(k));
      expect({
        [`only in ${first!.lang}`]: onlyFirst,
        [`only in ${other.lang}`]: onlyOther,
      }).toEqual({ [`only in ${first!.lang}`]: [], [`only in ${other.lang}`]: [] });
    }
  });

  it.each(LANGUAGES)('%s names every desk status of the shared list', (lang) => {
    const names = DOCUMENT_CATALOGUES[lang].desk_status ?? {};
    expect(DESK_STATUS_NAMES.filter((status) => !names[status]?.trim())).toEqual([]);
  });

  it('interpolates and picks plural forms per language', () => {
    expect(renderText('en', 'pdf.more_items', { count: 1 })).toBe('+ 1 more item');
    expect(renderText('en', 'pdf.more_items', { count: 3 })).toBe('+ 3 more items');
    expect(renderText('zh-CN', 'pdf.more_items', { count: 3 })).toBe('另有 3 个商品');
    expect(renderText('zh-CN', 'compliance.forbidden_word', { word: '<b>' })).toBe('“<b>”是违禁词');
  });
});
