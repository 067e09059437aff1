import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  validationErrorMap,
  type Language,
} from '@app/shared';
import { en } from './en.ts';
import { zhCN } from './zh-cn.ts';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

const STORAGE_KEY = 'lang';

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Resources are bundled, so initialisation finishes before the first render.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

// Every zod issue's message becomes a `validation.*` key that forms translate (zod-rule.ts).
z.config({ customError: validationErrorMap });

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Texts of a lazily loaded area (console, public site) join the bundled ones when its chunk
 * loads, so the login page does not carry them.
 */
export function addTranslations(bundles: Record<Language, object>): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, 'translation', bundles[language], true, false);
  }
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode can refuse storage; the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
