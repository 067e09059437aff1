import type { Config } from '../../config.ts';
import { simulatorsEnabled, simulatorUrls } from '../marketplaces/index.ts';
import { createDeepL } from './deepl.ts';
import { createLibreTranslate } from './libretranslate.ts';
import type { Translator, TranslatorHttpOptions } from './translator.ts';

export { sameLanguage, TranslatorError, type Translator } from './translator.ts';

/**
 * The configured translator: DeepL with its key, LibreTranslate at TRANSLATOR_URL, or outside
 * production the LibreTranslate simulator mounted under `/__sim/translate`. Null when none is
 * configured; callers that need one answer 503.
 */
export function createTranslator(
  config: Config,
  http: TranslatorHttpOptions = {},
): Translator | null {
  if (config.TRANSLATOR === 'deepl') {
    return createDeepL({ ...http, apiKey: config.TRANSLATOR_API_KEY!, url: config.TRANSLATOR_URL });
  }
  const url =
    config.TRANSLATOR_URL ??
    (simulatorsEnabled(config) ? `${simulatorUrls(config).internal}/translate` : undefined);
  if (!url) return null;
  return createLibreTranslate({ ...http, url, apiKey: config.TRANSLATOR_API_KEY });
}
