import {
  baseLanguage,
  providerFailure,
  providerRequest,
  translateNonEmpty,
  TranslatorError,
  type Translator,
  type TranslatorHttpOptions,
} from './translator.ts';

export interface DeepLOptions extends TranslatorHttpOptions {
  apiKey: string;
  /** Default by key: Free keys (ending `:fx`) use api-free.deepl.com, others api.deepl.com. */
  url?: string;
}

/** DeepL takes up to 50 texts per request and 128 KiB of body. */
const LIMITS = { maxTexts: 50, maxChars: 100_000 };

/** Target codes DeepL wants with a variant: English and Portuguese. */
export function deeplTarget(tag: string): string {
  const [lang, region] = tag.split('-');
  const base = lang!.toLowerCase();
  if (base === 'en') return region?.toUpperCase() === 'GB' ? 'EN-GB' : 'EN-US';
  if (base === 'pt') return region?.toUpperCase() === 'PT' ? 'PT-PT' : 'PT-BR';
  return base.toUpperCase();
}

/** DeepL API v2 (reference 6.2): `POST /v2/translate`, `Authorization: DeepL-Auth-Key`. */
export function createDeepL(options: DeepLOptions): Translator {
  const base = (
    options.url ??
    (options.apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com')
  ).replace(/\/$/, '');
  const headers = {
    authorization: `DeepL-Auth-Key ${options.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  const fail = (status: number, json: unknown): never =>
    providerFailure(status, json, (code, detail) => {
      if (code === 456) return 'quota';
      if (code === 403) return 'auth';
      return code === 400 && /language/i.test(detail) ? 'unsupported' : null;
    });

  return {
    name: 'deepl',
    translate(texts, source, target) {
      return translateNonEmpty(texts, LIMITS, async (text) => {
        const { status, json } = await providerRequest(options, `${base}/v2/translate`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            text,
            target_lang: deeplTarget(target),
            ...(source === 'auto' ? {} : { source_lang: baseLanguage(source).toUpperCase() }),
          }),
        });
        if (status !== 200) return fail(status, json);
        const list = (json as { translations?: Array<{ text?: unknown }> } | undefined)
          ?.translations;
        if (!Array.isArray(list) || !list.every((t) => typeof t?.text === 'string')) {
          throw new TranslatorError('translator.unexpected_answer', 'unavailable');
        }
        return list.map((t) => t.text as string);
      });
    },
    async languages() {
      const { status, json } = await providerRequest(options, `${base}/v2/languages?type=target`, {
        method: 'GET',
        headers,
      });
      if (status !== 200 || !Array.isArray(json)) return fail(status, json);
      return [
        ...new Set((json as Array<{ language: string }>).map((l) => baseLanguage(l.language))),
      ];
    },
  };
}
