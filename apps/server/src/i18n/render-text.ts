import { createInstance, type TOptions } from 'i18next';
import type { Language } from '@app/shared';
import type { DocumentTexts } from './document-texts.ts';
import { documentsEn } from './documents.en.ts';
import { documentsZhCn } from './documents.zh-cn.ts';

export const DOCUMENT_CATALOGUES: Record<Language, DocumentTexts> = {
  'zh-CN': documentsZhCn,
  en: documentsEn,
};

/** `{ log: { 'sync.created': … } }` → `{ 'log.sync.created': … }`: keys stay literal. */
const flat = (texts: DocumentTexts): Record<string, string> =>
  Object.fromEntries(
    Object.entries(texts).flatMap(([section, keys]) =>
      Object.entries(keys).map(([key, text]) => [`${section}.${key}`, text]),
    ),
  );

const i18n = createInstance();
void i18n.init({
  resources: {
    'zh-CN': { documents: flat(documentsZhCn) },
    en: { documents: flat(documentsEn) },
  },
  ns: ['documents'],
  defaultNS: 'documents',
  fallbackLng: false,
  // Keys such as `log.sync.created` hold dots: they are looked up whole.
  keySeparator: false,
  nsSeparator: false,
  // Plain text for files and JSON, never HTML: nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Whether `key` (`section.name`, any plural form) is in the catalogue. */
export function hasText(lang: Language, key: string): boolean {
  return i18n.exists(key, { lng: lang, count: 2 });
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
  return t(key, { ...params, lng: lang });
}
