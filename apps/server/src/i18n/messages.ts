import i18next from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  type MessageParams,
  type WithoutPlural,
} from '@app/shared';
import { en } from './en.ts';
import { zhCN } from './zh-cn.ts';

export type { MessageParams };

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Every key of the server's catalogues, without plural suffixes: an error thrown with a key the
 * catalogue lacks fails `tsc`. zh-CN is the reference; a test keeps en level with it.
 */
export type MessageKey = WithoutPlural<Leaves<typeof zhCN>>;

/** A message by key, rendered per request; field errors and error messages are these. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export const CATALOGUES: Record<Language, object> = { 'zh-CN': zhCN, en };

/** One instance for the server; resources are bundled, so it is ready when this module loads. */
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGUES[l] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Messages go into JSON, never into HTML; the web escapes when it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Whether the catalogue has `key`, as a plain message or as plural forms (`key_other`). */
export function hasMessage(key: string): boolean {
  return (
    i18n.exists(key, { lng: DEFAULT_LANGUAGE }) ||
    i18n.exists(`${key}_other`, { lng: DEFAULT_LANGUAGE })
  );
}

/** The message in `language`; i18next picks the plural form from `params.count`. */
export function renderMessage(language: Language, message: Message): string {
  return i18n.t(message.key, { ...message.params, lng: language }) as string;
}
