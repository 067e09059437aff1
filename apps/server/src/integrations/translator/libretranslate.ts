import {
  baseLanguage,
  providerFailure,
  providerRequest,
  translateNonEmpty,
  TranslatorError,
  type Translator,
  type TranslatorHttpOptions,
} from './translator.ts';

export interface LibreTranslateOptions extends TranslatorHttpOptions {
  /** e.g. `http://localhost:5000` or `https://libretranslate.com`. */
  url: string;
  apiKey?: string;
}

/** LibreTranslate's default `--batch-limit`-friendly request size and `--char-limit`. */
const LIMITS = { maxTexts: 50, maxChars: 5000 };

/** LibreTranslate (reference 6.1): `POST /translate` with `q` as an array, errors `{"error":…}`. */
export function createLibreTranslate(options: LibreTranslateOptions): Translator {
  const base = options.url.replace(/\/$/, '');

  const fail = (status: number, json: unknown): never =>
    providerFailure(status, json, (code, detail) => {
      if (code === 403 || /api key/i.test(detail)) return 'auth';
      return code === 400 && /not supported/i.test(detail) ? 'unsupported' : null;
    });

  return {
    name: 'libretranslate',
    translate(texts, source, target) {
      return translateNonEmpty(texts, LIMITS, async (q) => {
        const { status, json } = await providerRequest(options, `${base}/translate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            q,
            source: source === 'auto' ? 'auto' : baseLanguage(source),
            target: baseLanguage(target),
            format: 'text',
            ...(options.apiKey ? { api_key: options.apiKey } : {}),
          }),
        });
        if (status !== 200) return fail(status, json);
        const translated = (json as { translatedText?: unknown } | undefined)?.translatedText;
        if (!Array.isArray(translated) || !translated.every((t) => typeof t === 'string')) {
          throw new TranslatorError('translator.unexpected_answer', 'unavailable');
        }
        return translated as string[];
      });
    },
    async languages() {
      const { status, json } = await providerRequest(options, `${base}/languages`, {
        method: 'GET',
      });
      if (status !== 200 || !Array.isArray(json)) return fail(status, json);
      return (json as Array<{ code: string }>).map((l) => baseLanguage(l.code));
    },
  };
}
