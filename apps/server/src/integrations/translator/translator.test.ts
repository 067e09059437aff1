import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTranslateSimulator } from '@app/sim';
import { loadConfig } from '../../config.ts';
import { createDeepL, deeplTarget } from './deepl.ts';
import { createTranslator } from './index.ts';
import { createLibreTranslate } from './libretranslate.ts';
import { TranslatorError } from './translator.ts';

const noSleep = async () => {};
type Running = Awaited<ReturnType<typeof startTranslateSimulator>>;
let open: Running;
let keyed: Running;

beforeAll(async () => {
  open = await startTranslateSimulator();
  keyed = await startTranslateSimulator({ apiKey: 'secret-key' });
});
afterAll(async () => {
  await open?.close();
  await keyed?.close();
});

async function failure(promise: Promise<unknown>): Promise<TranslatorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranslatorError);
  return error as TranslatorError;
}

describe('LibreTranslate client against the simulator', () => {
  it('translates a batch word by word, keeps empty texts without sending them', async () => {
    const client = createLibreTranslate({ url: open.url, sleep: noSleep });
    const before = open.sim.stats.characters;
    const out = await client.translate(
      ['Black cotton T-shirt', '', "Men's soft shirt, size XL"],
      'en-GB',
      'de-DE',
    );
    expect(out).toEqual(['Schwarz baumwolle T-shirt', '', 'Herren weich hemd, größe XL']);
    expect(open.sim.stats.characters - before).toBe(
      'Black cotton T-shirt'.length + "Men's soft shirt, size XL".length,
    );
    expect(await client.translate(['white gift'], 'en-US', 'ja-JP')).toEqual(['白 ギフト']);
    expect(await client.languages()).toEqual(expect.arrayContaining(['de', 'fr', 'ja', 'zh']));
  });

  it('sends the api key, and a refused key is a 503 naming it', async () => {
    const ok = createLibreTranslate({ url: keyed.url, apiKey: 'secret-key', sleep: noSleep });
    expect(await ok.translate(['red'], 'en', 'fr')).toEqual(['rouge']);
    const wrong = createLibreTranslate({ url: keyed.url, apiKey: 'nope', sleep: noSleep });
    const e = await failure(wrong.translate(['red'], 'en', 'fr'));
    expect(e.status).toBe(503);
    expect(e.reason).toBe('auth');
    const none = createLibreTranslate({ url: keyed.url, sleep: noSleep });
    expect((await failure(none.translate(['red'], 'en', 'fr'))).reason).toBe('auth');
  });

  it('retries 429 and 5xx, then gives up with a 503; an unsupported language is a 409', async () => {
    const sleeps: number[] = [];
    const client = createLibreTranslate({
      url: open.url,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    open.sim.faults.failNext({ status: 429 });
    open.sim.faults.failNext({ status: 502, body: { error: 'bad gateway' } });
    expect(await client.translate(['blue'], 'en', 'es')).toEqual(['azul']);
    expect(sleeps).toEqual([500, 1000]);
    open.sim.faults.failNext({ status: 429, headers: { 'retry-after': '2' } }, 4);
    const e = await failure(client.translate(['blue'], 'en', 'es'));
    expect([e.status, e.reason]).toEqual([503, 'throttled']);
    expect(sleeps.slice(2)).toEqual([2000, 2000, 2000]);
    const unsupported = await failure(client.translate(['blue'], 'en', 'xx'));
    expect([unsupported.status, unsupported.reason]).toEqual([409, 'unsupported']);
  });

  it('speaks the protocol: form bodies, a string q, source auto with detectedLanguage', async () => {
    const form = await fetch(`${open.url}/translate`, {
      method: 'POST',
      body: new URLSearchParams({ q: 'schwarz baumwolle', source: 'auto', target: 'en' }),
    });
    expect(await form.json()).toEqual({
      translatedText: 'black cotton',
      detectedLanguage: { confidence: 90, language: 'de' },
    });
    const missing = await fetch(`${open.url}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'en', target: 'de' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Invalid request: missing q parameter' });
  });
});

describe('DeepL client', () => {
  const seen: Array<{ auth: string | undefined; body: any }> = [];
  let status = 200;
  let url = '';
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (status !== 200) {
        res.statusCode = status;
        return res.end(JSON.stringify({ message: 'Quota Exceeded' }));
      }
      res.end(
        JSON.stringify({
          translations: (body.text as string[]).map((t) => ({
            detected_source_language: 'EN',
            text: `[${body.target_lang}] ${t}`,
          })),
        }),
      );
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts /v2/translate with the auth header and DeepL language codes', async () => {
    const client = createDeepL({ url, apiKey: 'k:fx', sleep: noSleep });
    expect(await client.translate(['Hello', ''], 'de-DE', 'en-GB')).toEqual(['[EN-GB] Hello', '']);
    expect(seen.at(-1)).toEqual({
      auth: 'DeepL-Auth-Key k:fx',
      body: { text: ['Hello'], target_lang: 'EN-GB', source_lang: 'DE' },
    });
    expect([deeplTarget('en-US'), deeplTarget('pt-BR'), deeplTarget('ja-JP')]).toEqual([
      'EN-US',
      'PT-BR',
      'JA',
    ]);
  });

  it('maps 456 to a quota 503 without retrying', async () => {
    status = 456;
    const before = seen.length;
    const e = await failure(
      createDeepL({ url, apiKey: 'k', sleep: noSleep }).translate(['x'], 'en', 'de'),
    );
    status = 200;
    expect([e.status, e.reason, e.message]).toEqual([
      503,
      'quota',
      'The translation quota for this month is used up',
    ]);
    expect(seen.length - before).toBe(1);
  });
});

describe('configuration', () => {
  const env = { STORE_SECRET_KEY: 'x'.repeat(64), DATA_DIR: '/tmp/unused', PORT: '9999' };

  it('defaults to the mounted simulator in a demo and to nothing without DEMO', () => {
    expect(createTranslator(loadConfig({ ...env, DEMO: '1' }))?.name).toBe('libretranslate');
    expect(createTranslator(loadConfig({ ...env, NODE_ENV: 'development' }))).toBeNull();
    expect(createTranslator(loadConfig({ ...env, NODE_ENV: 'production' }))).toBeNull();
    const deepl = loadConfig({ ...env, TRANSLATOR: 'deepl', TRANSLATOR_API_KEY: 'k:fx' });
    expect(createTranslator(deepl)?.name).toBe('deepl');
  });

  it('refuses DeepL without a key', () => {
    expect(() => loadConfig({ ...env, TRANSLATOR: 'deepl' })).toThrow(/TRANSLATOR_API_KEY/);
  });
});
