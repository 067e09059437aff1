import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@app/shared';
import { CATALOGUES, hasMessage } from './messages.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leaves(v as object, `${prefix}${k}.`),
  );
}

/** Key → the plural forms it has in one language (empty for a plain key). */
function keysOf(language: Language): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const leaf of leaves(CATALOGUES[language])) {
    const form = PLURAL.exec(leaf)?.[1];
    const base = leaf.replace(PLURAL, '');
    const forms = keys.get(base) ?? new Set<string>();
    if (form) forms.add(form);
    keys.set(base, forms);
  }
  return keys;
}

describe('server message catalogues', () => {
  const [reference, ...others] = LANGUAGES;

  it.each(others)('%s has exactly the keys of zh-CN', (language) => {
    expect([...keysOf(language).keys()].sort()).toEqual([...keysOf(reference).keys()].sort());
  });

  it.each(LANGUAGES)('%s has every plural form its language needs', (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, forms] of keysOf(language)) {
      if (forms.size === 0) continue;
      for (const form of needed) expect(forms.has(form), `${language} ${key}_${form}`).toBe(true);
    }
  });

  it.each(LANGUAGES)('%s has no empty message', (language) => {
    const empty = leaves(CATALOGUES[language]).filter((key) => {
      let node: unknown = CATALOGUES[language];
      for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
      return (node as string).trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it('knows a key by its name without a plural suffix', () => {
    expect(hasMessage('validation.too_long')).toBe(true);
    expect(hasMessage('validation.no_such_message')).toBe(false);
  });
});
