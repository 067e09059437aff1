import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketSiteById, type MarketSiteInfo } from '@app/shared';
import { MarketplaceError, type StoreAuth, type StoreSession } from './connector.ts';
import { MarketHttp, withFreshToken, type FetchLike } from './http.ts';
import { memoryBuckets } from './rate-buckets.ts';

/** A fetch that answers from a script and records what was asked. */
function scripted(answers: Array<Response | Error>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url) => {
    calls.push(url);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function http(fetch: FetchLike, delays: number[]) {
  return new MarketHttp({
    marketplace: 'amazon',
    fetch,
    retry: { retries: 2, baseDelayMs: 100, maxDelayMs: 5_000 },
    sleep: async (ms) => void delays.push(ms),
    random: () => 1,
  });
}

describe('MarketHttp', () => {
  it('retries a 429 after its Retry-After and a 503 with backoff, then returns the answer', async () => {
    const { fetch, calls } = scripted([
      json(429, { errors: [{ code: 'QuotaExceeded' }] }, { 'retry-after': '2' }),
      json(503, {}),
      json(200, { ok: true }),
    ]);
    const delays: number[] = [];
    const res = await http(fetch, delays).request({ method: 'GET', url: 'https://x.test/a' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([2000, 200]);
  });

  it('returns the last throttled answer when retries run out, for the connector to map', async () => {
    const { fetch, calls } = scripted([json(429, {}), json(429, {}), json(429, { last: 1 })]);
    const res = await http(fetch, []).request({ method: 'GET', url: 'https://x.test/a' });
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ last: 1 });
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    const { fetch, calls } = scripted([json(400, { errors: [] })]);
    const res = await http(fetch, []).request({
      method: 'POST',
      url: 'https://x.test/a',
      body: {},
    });
    expect(res.status).toBe(400);
    expect(calls).toHaveLength(1);
  });

  it('retries a throttle sent as HTTP 200 when the body says so, re-signing each attempt', async () => {
    const { fetch, calls } = scripted([json(200, { throttled: true }), json(200, { done: 1 })]);
    const delays: number[] = [];
    let signed = 0;
    const res = await http(fetch, delays).request({
      method: 'POST',
      url: 'https://x.test/a?sign=0',
      retryAfterBody: (r) => ((r.json as { throttled?: boolean }).throttled ? 750 : null),
      resign: () => ({ url: `https://x.test/a?sign=${++signed}` }),
    });
    expect(res.json).toEqual({ done: 1 });
    expect(delays).toEqual([750]);
    expect(calls).toEqual(['https://x.test/a?sign=0', 'https://x.test/a?sign=1']);
  });

  it('turns a network failure that outlasts the retries into an unavailable MarketplaceError', async () => {
    const { fetch } = scripted([
      new Error('ECONNREFUSED'),
      new Error('ECONNREFUSED'),
      new Error('ECONNREFUSED'),
    ]);
    const error = await http(fetch, [])
      .request({ method: 'GET', url: 'https://x.test/a' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect((error as MarketplaceError).kind).toBe('unavailable');
  });
});

describe('MarketHttp pacing', () => {
  afterEach(() => vi.useRealTimers());

  it('spaces calls to a host at its rate across connectors that share the buckets', async () => {
    // Time stands still, so only the pace makes anyone wait.
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const shared = memoryBuckets();
    const waits: number[] = [];
    const temu = () =>
      new MarketHttp({
        marketplace: 'temu',
        requestsPerSecond: 20,
        buckets: shared,
        fetch: async () => json(200, {}),
        sleep: async (ms) => void waits.push(ms),
      });
    // Two processes: together they keep 20 a second, as one would.
    const [a, b] = [temu(), temu()];
    for (const one of [a, b, a, b]) await one.request({ method: 'GET', url: 'https://t.test/x' });
    expect(waits).toEqual([50, 100, 150]);
    // Another host has its own pace; a connector with its own buckets paces alone.
    await a.request({ method: 'GET', url: 'https://other.test/x' });
    await temu().request({ method: 'GET', url: 'https://t.test/x' });
    const alone = new MarketHttp({
      marketplace: 'temu',
      requestsPerSecond: 20,
      fetch: async () => json(200, {}),
      sleep: async (ms) => void waits.push(ms),
    });
    await alone.request({ method: 'GET', url: 'https://t.test/x' });
    expect(waits).toEqual([50, 100, 150, 200]);
  });
});

describe('withFreshToken', () => {
  const site = marketSiteById(1) as MarketSiteInfo;
  const auth = (token: string, expiresAt: number | null): StoreAuth => ({
    account: 'A1',
    accessToken: token,
    accessTokenExpiresAt: expiresAt,
    refreshToken: 'r',
    extra: {},
  });
  /** A session on one stored row: `saved` as the row's history. */
  const session = (start: StoreAuth, row: StoreAuth[] = []) => {
    const saved = row;
    const s: StoreSession = {
      site,
      auth: start,
      saveAuth: async (a) => void saved.push(a),
      reloadAuth: async () => saved.at(-1) ?? start,
    };
    return { s, saved };
  };

  it('refreshes a token about to expire before the call, and saves it first', async () => {
    const { s, saved } = session(auth('old', 1_000));
    const used = await withFreshToken(
      s,
      async () => auth('new', 5_000),
      async (token) => token,
      () => 990,
    );
    expect(used).toBe('new');
    expect(saved.map((a) => a.accessToken)).toEqual(['new']);
  });

  it('refreshes once when the marketplace says the token expired, then gives up', async () => {
    const { s, saved } = session(auth('old', null));
    const seen: string[] = [];
    const result = await withFreshToken(
      s,
      async () => auth('new', null),
      async (token) => {
        seen.push(token);
        if (token === 'old')
          throw new MarketplaceError('amazon', 'auth', 'Unauthorized', 'expired');
        return 'ok';
      },
    );
    expect(result).toBe('ok');
    expect(seen).toEqual(['old', 'new']);
    expect(saved).toHaveLength(1);

    const always = session(auth('x', null));
    await expect(
      withFreshToken(
        always.s,
        async () => auth('y', null),
        async () => {
          throw new MarketplaceError('amazon', 'auth', 'Unauthorized', 'revoked');
        },
      ),
    ).rejects.toMatchObject({ kind: 'auth' });
    expect(always.saved).toHaveLength(1);
  });

  it('refreshes once for parallel calls on the same store and gives every caller the new token', async () => {
    const row: StoreAuth[] = [];
    const a = session(auth('old', 1_000), row);
    const b = session(auth('old', 1_000), row);
    let refreshes = 0;
    const refresh = async () => {
      refreshes += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { ...auth('new', 5_000), refreshToken: 'r2' };
    };
    const used = await Promise.all([
      withFreshToken(
        a.s,
        refresh,
        async (token) => token,
        () => 990,
      ),
      withFreshToken(
        b.s,
        refresh,
        async (token) => token,
        () => 990,
      ),
    ]);
    expect(used).toEqual(['new', 'new']);
    expect(refreshes).toBe(1);
    expect(row.map((x) => x.refreshToken)).toEqual(['r2']);
    expect(b.s.auth.refreshToken).toBe('r2');
  });

  it('adopts the token another process stored when its own single-use refresh is refused', async () => {
    const row: StoreAuth[] = [];
    const { s } = session(auth('old', 1_000), row);
    // The other process spent refresh token 'r' first and stored what it got.
    row.push({ ...auth('theirs', 5_000), refreshToken: 'r2' });
    const used = await withFreshToken(
      s,
      async () => {
        throw new MarketplaceError('shopee', 'auth', 'invalid refresh_token', 'error_auth');
      },
      async (token) => token,
      () => 990,
    );
    expect(used).toBe('theirs');

    const alone = session(auth('old', 1_000));
    await expect(
      withFreshToken(
        alone.s,
        async () => {
          throw new MarketplaceError('shopee', 'auth', 'invalid refresh_token', 'error_auth');
        },
        async (token) => token,
        () => 990,
      ),
    ).rejects.toMatchObject({ kind: 'auth' });
  });
});
