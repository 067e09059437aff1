import {
  BodyTooLargeError,
  Faults,
  parseTarget,
  readBody,
  sendJson,
  startSimulator,
  type SimHandler,
} from '../http.ts';
import {
  detectLanguage,
  isSimLanguage,
  LANGUAGE_NAMES,
  SIM_LANGUAGES,
  translateText,
  type SimLanguage,
} from './glossary.ts';

export interface TranslateSimOptions {
  /** Mount prefix, e.g. `/__sim/translate`; empty when the simulator has its own port. */
  basePath?: string;
  /** When set, every translate call must carry it as `api_key` (as a public instance asks). */
  apiKey?: string;
  /** Characters per request (LibreTranslate's `--char-limit`). */
  charLimit?: number;
  /** Texts per batch (LibreTranslate's `--batch-limit`). */
  batchLimit?: number;
}

export interface TranslateSimulator extends SimHandler {
  faults: Faults;
  /** Texts translated so far, for tests that count calls. */
  stats: { requests: number; characters: number };
}

export const SIM_TRANSLATE_DEFAULTS = { charLimit: 5000, batchLimit: 50 } as const;

class BadRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** JSON or form bodies, as LibreTranslate's Flask app reads both. */
function parseBody(raw: Buffer, contentType: string): Record<string, unknown> {
  const text = raw.toString('utf8');
  if (/json/i.test(contentType)) {
    try {
      const value: unknown = JSON.parse(text || '{}');
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        return value as Record<string, unknown>;
      }
    } catch {
      // answered below like any other unreadable body
    }
    throw new BadRequest(400, 'Invalid request: body is not a JSON object');
  }
  const form = new URLSearchParams(text);
  const body: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    body[key] = key === 'q' && values.length > 1 ? values : values[0];
  }
  return body;
}

/**
 * A LibreTranslate-protocol server (reference 6.1): `POST /translate` (JSON or form, `q` a
 * string or an array, `source: "auto"` answered with `detectedLanguage`), `GET /languages`,
 * `POST /detect`, errors as `{"error": …}`. It translates through a built-in glossary.
 */
export function createTranslateSimulator(options: TranslateSimOptions = {}): TranslateSimulator {
  const base = options.basePath ?? '';
  const charLimit = options.charLimit ?? SIM_TRANSLATE_DEFAULTS.charLimit;
  const batchLimit = options.batchLimit ?? SIM_TRANSLATE_DEFAULTS.batchLimit;
  const faults = new Faults();
  const stats = { requests: 0, characters: 0 };

  const language = (body: Record<string, unknown>, key: string): string => {
    const value = body[key];
    if (typeof value !== 'string' || value === '') {
      throw new BadRequest(400, `Invalid request: missing ${key} parameter`);
    }
    return value.toLowerCase();
  };

  const texts = (body: Record<string, unknown>): { list: string[]; batch: boolean } => {
    const q = body.q;
    if (typeof q === 'string') return { list: [q], batch: false };
    if (Array.isArray(q) && q.every((x) => typeof x === 'string')) {
      if (q.length > batchLimit) {
        throw new BadRequest(
          400,
          `Invalid request: request (${q.length}) exceeds text limit (${batchLimit})`,
        );
      }
      return { list: q as string[], batch: true };
    }
    throw new BadRequest(400, 'Invalid request: missing q parameter');
  };

  const checkKey = (body: Record<string, unknown>) => {
    if (options.apiKey === undefined) return;
    if (body.api_key === undefined || body.api_key === '') {
      throw new BadRequest(400, 'Visit https://portal.libretranslate.com to get an API key');
    }
    if (body.api_key !== options.apiKey) throw new BadRequest(403, 'Invalid API key');
  };

  function translate(body: Record<string, unknown>) {
    checkKey(body);
    const { list, batch } = texts(body);
    const source = language(body, 'source');
    const target = language(body, 'target');
    const characters = list.reduce((n, t) => n + t.length, 0);
    if (characters > charLimit) {
      throw new BadRequest(
        400,
        `Invalid request: request (${characters}) exceeds text limit (${charLimit})`,
      );
    }
    if (source !== 'auto' && !isSimLanguage(source))
      throw new BadRequest(400, `${source} is not supported`);
    if (!isSimLanguage(target)) throw new BadRequest(400, `${target} is not supported`);
    stats.requests++;
    stats.characters += characters;
    const detected = source === 'auto' ? list.map((t) => detectLanguage([t])) : null;
    const translated = list.map((t, i) =>
      translateText(t, detected ? detected[i]!.language : (source as SimLanguage), target),
    );
    const detectedLanguage = detected?.map((d) => ({
      confidence: d.confidence,
      language: d.language,
    }));
    return batch
      ? { translatedText: translated, ...(detectedLanguage ? { detectedLanguage } : {}) }
      : {
          translatedText: translated[0],
          ...(detectedLanguage ? { detectedLanguage: detectedLanguage[0] } : {}),
        };
  }

  async function route(method: string, path: string, raw: Buffer, contentType: string) {
    if (method === 'GET' && path === '/languages') {
      return SIM_LANGUAGES.map((code) => ({
        code,
        name: LANGUAGE_NAMES[code],
        targets: SIM_LANGUAGES.filter((t) => t !== code),
      }));
    }
    if (method === 'POST' && path === '/translate') return translate(parseBody(raw, contentType));
    if (method === 'POST' && path === '/detect') {
      const body = parseBody(raw, contentType);
      checkKey(body);
      const { list } = texts(body);
      return list.map((t) => detectLanguage([t]));
    }
    throw new BadRequest(404, 'Not Found');
  }

  return {
    faults,
    stats,
    handle(req, res) {
      const target = parseTarget(req, base);
      if (!target) return sendJson(res, 404, { error: 'Not Found' });
      const fault = faults.take();
      if (fault) {
        return sendJson(
          res,
          fault.status,
          fault.body ?? { error: 'Slowdown: 1 per 1 second' },
          fault.headers,
        );
      }
      readBody(req, 1024 * 1024)
        .then((raw) =>
          route(req.method ?? 'GET', target.path, raw, req.headers['content-type'] ?? ''),
        )
        .then((body) => sendJson(res, 200, body))
        .catch((error: unknown) => {
          if (error instanceof BadRequest)
            return sendJson(res, error.status, { error: error.message });
          if (error instanceof BodyTooLargeError)
            return sendJson(res, 413, { error: error.message });
          sendJson(res, 500, { error: (error as Error).message });
        });
    },
  };
}

export async function startTranslateSimulator(
  options: TranslateSimOptions & { port?: number; host?: string } = {},
) {
  const sim = createTranslateSimulator(options);
  const running = await startSimulator(sim, options);
  return { ...running, sim };
}
