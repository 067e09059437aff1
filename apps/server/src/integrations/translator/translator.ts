import { AppError } from '../../errors.ts';
import type { MessageKey, MessageParams } from '../../i18n/messages.ts';

/**
 * Machine translation of listing texts. Languages are BCP 47 tags as the sites carry them
 * (`de-DE`, `en-GB`); each client maps them to its provider's codes.
 */
export interface Translator {
  readonly name: 'libretranslate' | 'deepl';
  /** The texts in `target`, in order; empty texts stay empty and cost nothing. */
  translate(texts: string[], source: string, target: string): Promise<string[]>;
  /** Base language codes (`de`, `en`) the provider translates into. */
  languages(): Promise<string[]>;
}

/**
 * The translator could not do it: quota used up, throttled after retries, misconfigured or
 * down. 503 with a message the seller can act on; the provider's details go to the log.
 */
export class TranslatorError extends AppError {
  constructor(
    key: MessageKey,
    readonly reason: 'quota' | 'throttled' | 'auth' | 'unsupported' | 'unavailable',
    params: MessageParams = {},
  ) {
    super(reason === 'unsupported' ? 409 : 503, key, params, { reason });
  }
}

type Refusal = 'quota' | 'throttled' | 'auth' | 'unsupported';

/**
 * A provider's refusal as the seller reads it. Each provider says which of its answers are quota,
 * key or language refusals (they word them differently); 429 is throttling everywhere, and the
 * rest is the service failing.
 */
export function providerFailure(
  status: number,
  json: unknown,
  reasonOf: (status: number, detail: string) => Refusal | null,
): never {
  const detail = providerMessage(json);
  const reason = status === 429 ? 'throttled' : reasonOf(status, detail);
  if (reason) throw new TranslatorError(`translator.${reason}`, reason, { detail });
  throw new TranslatorError('translator.failed', 'unavailable', { status, detail });
}

/** `de-DE` → `de`. */
export const baseLanguage = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** Same language for translation purposes: `en-US` and `en-GB` are both English. */
export const sameLanguage = (a: string, b: string) => baseLanguage(a) === baseLanguage(b);

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface TranslatorHttpOptions {
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  /** Attempts after the first on 429, 5xx and network errors. */
  retries?: number;
  timeoutMs?: number;
}

export interface ProviderAnswer {
  status: number;
  json: unknown;
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One POST/GET with a timeout, retried with exponential backoff on 429, 5xx and network
 * errors (Retry-After honoured, capped at 20 s), as the marketplace clients do; the last
 * answer is returned for the client to map.
 */
export async function providerRequest(
  opts: TranslatorHttpOptions,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<ProviderAnswer> {
  const fetchImpl = opts.fetch ?? ((input, i) => fetch(input, i));
  const sleep = opts.sleep ?? sleepReal;
  const retries = opts.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (error) {
      if (attempt < retries) {
        await sleep(500 * 2 ** attempt);
        continue;
      }
      throw new TranslatorError('translator.no_answer', 'unavailable', {
        detail: (error as Error).message,
      });
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < retries) {
      await response.arrayBuffer().catch(() => undefined);
      const hinted = Number(response.headers.get('retry-after'));
      await sleep(
        Math.min(
          20_000,
          Number.isFinite(hinted) && hinted > 0 ? hinted * 1000 : 500 * 2 ** attempt,
        ),
      );
      continue;
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }
}

/** The provider's own words from an error body (`{"error":…}` or `{"message":…}`). */
export function providerMessage(json: unknown): string {
  if (json && typeof json === 'object') {
    const body = json as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  }
  return 'no details';
}

/** Splits texts into requests of at most `maxTexts` texts and `maxChars` characters. */
export function chunks(texts: string[], maxTexts: number, maxChars: number): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (current.length && (current.length >= maxTexts || size + text.length > maxChars)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += text.length;
  }
  if (current.length) out.push(current);
  return out;
}

/** Sends only the non-empty texts, through `send` per chunk, and puts the answers back in place. */
export async function translateNonEmpty(
  texts: string[],
  limits: { maxTexts: number; maxChars: number },
  send: (batch: string[]) => Promise<string[]>,
): Promise<string[]> {
  const positions = texts.flatMap((t, i) => (t.trim() === '' ? [] : [i]));
  const out = [...texts];
  let at = 0;
  for (const batch of chunks(
    positions.map((i) => texts[i]!),
    limits.maxTexts,
    limits.maxChars,
  )) {
    const answer = await send(batch);
    if (answer.length !== batch.length) {
      throw new TranslatorError('translator.wrong_count', 'unavailable');
    }
    for (const text of answer) out[positions[at++]!] = text;
  }
  return out;
}
