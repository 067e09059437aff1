import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@app/shared';
import { CATALOGUES, hasMessage } from './messages.ts';
import { DOCUMENT_CATALOGUES, hasText } from './render-text.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Both namespaces of the server's i18next instance, each in every language. */
const NAMESPACES: Record<string, Record<Language, object>> = {
  errors: CATALOGUES,
  documents: DOCUMENT_CATALOGUES,
};

/** Every text with its key (`area.name`; document keys may hold dots of their own). */
function leaves(tree: object, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]): Array<[string, string]> =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v as object, `${prefix}${k}.`),
  );
}

/** Key → the plural forms it has in one language (empty for a plain key). */
function keysOf(catalogue: object): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const [leaf] of leaves(catalogue)) {
    const form = PLURAL.exec(leaf)?.[1];
    const base = leaf.replace(PLURAL, '');
    const forms = keys.get(base) ?? new Set<string>();
    if (form) forms.add(form);
    keys.set(base, forms);
  }
  return keys;
}

describe.each(Object.entries(NAMESPACES))('server %s catalogues', (_, catalogues) => {
  const [reference, ...others] = LANGUAGES;

  it.each(others)('%s has exactly the keys of zh-CN', (language) => {
    expect([...keysOf(catalogues[language]).keys()].sort()).toEqual(
      [...keysOf(catalogues[reference]).keys()].sort(),
    );
  });

  it.each(LANGUAGES)('%s has every plural form its language needs', (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, forms] of keysOf(catalogues[language])) {
      if (forms.size === 0) continue;
      for (const form of needed) expect(forms.has(form), `${language} ${key}_${form}`).toBe(true);
    }
  });

  it.each(LANGUAGES)('%s has no empty text', (language) => {
    const empty = leaves(catalogues[language]).filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });
});

describe('one i18next instance, two namespaces', () => {
  it('knows an error key by its name without a plural suffix', () => {
    expect(hasMessage('validation.too_long')).toBe(true);
    expect(hasMessage('validation.no_such_message')).toBe(false);
  });

  it('keeps the namespaces apart', () => {
    expect(hasText('zh-CN', 'pdf.labels_title')).toBe(true);
    expect(hasMessage('pdf.labels_title')).toBe(false);
    expect(hasText('zh-CN', 'jobs.not_found')).toBe(false);
  });
});
