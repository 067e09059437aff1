import type { TOptions } from 'i18next';
import type { Language } from '@app/shared';
import { i18n } from './instance.ts';

export { DOCUMENT_CATALOGUES } from './instance.ts';

/** Document keys (`log.sync.created`) hold dots: they are looked up whole. */
const DOCUMENTS = { ns: 'documents', keySeparator: false } as const;

/** Whether `key` (`section.name`, any plural form) is in the catalogue. */
export function hasText(lang: Language, key: string): boolean {
  return i18n.exists(key, { ...DOCUMENTS, lng: lang, count: 2 });
}

/**
 * The text of `section.key` in `lang`, with `params` interpolated; `params.count` picks the
 * plural form (i18next's own rules per language).
 */
export function renderText(
  lang: Language,
  key: string,
  params: Record<string, unknown> = {},
): string {
  // Keys are plain strings here (no typed resources), so i18next's key overloads do not apply.
  const t = i18n.t as (key: string, options: TOptions) => string;
  return t(key, { ...params, ...DOCUMENTS, lng: lang });
}
