import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/shared';
import type { DocumentTexts } from './document-texts.ts';
import { documentsEn } from './documents.en.ts';
import { documentsZhCn } from './documents.zh-cn.ts';
import { en } from './en.ts';
import { zhCN } from './zh-cn.ts';

/** Error and field messages (`messages.ts`), nested by area; zh-CN is the reference. */
export const CATALOGUES: Record<Language, object> = { 'zh-CN': zhCN, en };

/** Texts written into data and files (`render-text.ts`), in sections of flat keys. */
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

/**
 * The server's one i18next instance, with a namespace per catalogue: `errors` (nested keys,
 * the default, so `$t(…)` nesting resolves there) and `documents` (flat keys holding dots,
 * looked up whole). Resources are bundled, so it is ready when this module loads.
 */
export const i18n: I18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((l) => [l, { errors: CATALOGUES[l], documents: flat(DOCUMENT_CATALOGUES[l]) }]),
  ),
  ns: ['errors', 'documents'],
  defaultNS: 'errors',
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Namespaces are chosen per call, never by a prefix in the key.
  nsSeparator: false,
  // Messages go into JSON and files, never into HTML; the web escapes when it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
