import {
  DEFAULT_LANGUAGE,
  type Language,
  type MessageParams,
  type WithoutPlural,
} from '@app/shared';
import { i18n } from './instance.ts';
import type { zhCN } from './zh-cn.ts';

export type { MessageParams };
export { CATALOGUES } from './instance.ts';

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

/** Whether the catalogue has `key`, as a plain message or as plural forms (`key_other`). */
export function hasMessage(key: string): boolean {
  return (
    i18n.exists(key, { lng: DEFAULT_LANGUAGE, ns: 'errors' }) ||
    i18n.exists(`${key}_other`, { lng: DEFAULT_LANGUAGE, ns: 'errors' })
  );
}

/** The message in `language`; i18next picks the plural form from `params.count`. */
export function renderMessage(language: Language, message: Message): string {
  return i18n.t(message.key, { ...message.params, lng: language, ns: 'errors' }) as string;
}
