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

/**
 * The default language's texts are bundled; the other language's come in their own chunk when
 * it is chosen (`i18nReady`, `setLanguage`), so a first visit does not download both.
 */
const catalogues: Record<Language, () => Promise<object>> = {
  'zh-CN': () => Promise.resolve(zhCN),
  en: async () => (await import('./en.ts')).en,
};

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // The bundled resources are in place at once; `i18nReady` adds a stored other language.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

// Every zod issue's message becomes a `validation.*` key that forms translate (zod-rule.ts).
z.config({ customError: validationErrorMap });

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Languages whose texts are in place: the default's are bundled. */
const loaded = new Set<Language>([DEFAULT_LANGUAGE]);

/** Merges a language's texts beside those lazily loaded areas may have added already. */
async function loadCatalogue(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await catalogues[language](), true, false);
  loaded.add(language);
}

/** Resolves once the stored language's texts are in place: render the app after it. */
export const i18nReady: Promise<void> = loadCatalogue(currentLanguage());

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

/** An area's texts per language, each loaded when that language is shown. */
export type AreaTexts = Record<Language, () => Promise<object>>;

/** Areas registered by `loadTranslations`, with the languages of each already added. */
const areas = new Map<AreaTexts, Map<Language, Promise<void>>>();

function loadArea(area: AreaTexts, language: Language): Promise<void> {
  const languages = areas.get(area)!;
  let loading = languages.get(language);
  if (!loading) {
    loading = area[language]().then((bundle) => {
      i18n.addResourceBundle(language, 'translation', bundle, true, false);
    });
    // A failed chunk may be fetched again on the next call.
    loading.catch(() => languages.delete(language));
    languages.set(language, loading);
  }
  return loading;
}

/**
 * Like `addTranslations` for an area too big to carry both languages (the console): resolves
 * once the shown language's texts are in place; `setLanguage` loads the other's before it
 * switches.
 */
export function loadTranslations(area: AreaTexts): Promise<void> {
  if (!areas.has(area)) areas.set(area, new Map());
  return loadArea(area, currentLanguage());
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode can refuse storage; the switch still applies to this visit.
  }
  await Promise.all([
    loadCatalogue(language),
    ...[...areas.keys()].map((area) => loadArea(area, language)),
  ]);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
