import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Marketplace } from '@app/shared';
import { startSimHarness, type SimHarness } from '../../../test/sim-harness.ts';
import { createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { call, type TestApp } from '../../../test/helper.ts';
import { stores } from '../../db/schema.ts';
import { createSecretBox, parseSecretKey } from '../../integrations/secret-box.ts';

/**
 * The whole authorization against the marketplace simulators, started standalone as
 * `npm run sim` does: consent link → the simulator's consent page → its redirect to our
 * callback → the connector's token exchange → the stored store.
 */
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;

beforeAll(async () => {
  h = await startSimHarness();
  t = await h.app({ sleep: async () => {} });
  seller = await createSeller(t.database.db);
});
afterAll(() => h?.close());

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const unescape = (s: string) => s.replace(/&(amp|quot|#39|lt|gt);/g, (m) => ENTITIES[m]!);

/**
 * Answers a simulator's consent page as a browser would: follows its Install/Cancel link, or
 * submits its form with the chosen decision and any fields the seller would type. Returns
 * where the simulator redirects the browser.
 */
async function answerConsent(
  consentUrl: string,
  decision: 'allow' | 'deny',
  fields: Record<string, string> = {},
): Promise<URL> {
  const page = await fetch(consentUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  let res: Response;
  const link = new RegExp(
    `<a[^>]*href="([^"]*)"[^>]*>(${decision === 'allow' ? 'Install|Authorize' : 'Cancel|Deny'})</a>`,
  ).exec(html);
  if (link) {
    res = await fetch(new URL(unescape(link[1]!), consentUrl), { redirect: 'manual' });
  } else {
    const form = /<form method="(get|post)"(?: action="([^"]*)")?>([\s\S]*?)<\/form>/.exec(html);
    expect(form, html).not.toBeNull();
    const [, method, action, body] = form!;
    const data = new URLSearchParams();
    for (const input of body!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
      data.set(input[1]!, unescape(input[2]!));
    }
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    const button = new RegExp(
      `<button[^>]*name="decision" value="(\\w+)"[^>]*>(Authorize|Deny)<`,
      'g',
    );
    const choice = [...body!.matchAll(button)].find(
      (b) => b[2] === (decision === 'allow' ? 'Authorize' : 'Deny'),
    );
    data.set('decision', choice![1]!);
    const target = new URL(unescape(action ?? ''), consentUrl);
    if (method === 'get') {
      target.search = data.toString();
      res = await fetch(target, { redirect: 'manual' });
    } else {
      res = await fetch(target, { method: 'POST', body: data, redirect: 'manual' });
    }
  }
  expect([302, 303], await res.clone().text()).toContain(res.status);
  return new URL(res.headers.get('location')!);
}

/**
 * Our callback as the browser reaches it after the simulator's redirect. Temu's brings only a
 * code, which the store list (signed in as `token`) hands to complete-authorization.
 */
async function followCallback(location: URL, token = seller.token) {
  expect(location.pathname).toMatch(/^\/api\/market\/callback\/\w+$/);
  const res = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(res.statusCode).toBe(302);
  const target = new URL(res.headers.location as string, 'http://app.test');
  expect(target.pathname).toBe('/market/index');
  const code = target.searchParams.get('temu_code');
  if (code !== null) {
    const done = await call(t.app, 'POST', '/api/market/complete-authorization', {
      token,
      body: { code },
      headers: { 'accept-language': 'en' },
    });
    if (done.status === 200) return { authorized: String(done.body.data.store_id), error: null };
    expect(done.status).toBe(422);
    return { authorized: null, error: done.body.data.fields.code as string };
  }
  return {
    authorized: target.searchParams.get('authorized'),
    error: target.searchParams.get('auth_error'),
  };
}

async function consentLink(body: Record<string, unknown>): Promise<string> {
  const res = await call(t.app, 'POST', '/api/market/get-authorization-url', {
    token: seller.token,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.url.startsWith(`${h.config.SIM_BASE_URL}/`)).toBe(true);
  return res.body.data.url;
}

interface Case {
  marketplace: Marketplace;
  request: Record<string, unknown>;
  /** What the seller types or picks on the consent page. */
  fields: Record<string, string>;
  account: string;
  /** Whether the marketplace issues refresh tokens (Temu re-authorizes instead, reference 4.4). */
  refreshes: boolean;
}

const CASES: Case[] = [
  {
    marketplace: 'amazon',
    request: { market_site_id: 1, alias: 'Amazon sim' },
    fields: { selling_partner_id: 'A1FLOWSELLER01' },
    account: 'A1FLOWSELLER01',
    refreshes: true,
  },
  {
    marketplace: 'shopify',
    request: { market_site_id: 101, shop: 'flow-shop.myshopify.com' },
    fields: {},
    account: 'flow-shop.myshopify.com',
    refreshes: true,
  },
  {
    marketplace: 'shopee',
    request: { market_site_id: 202 },
    fields: { region: 'MY' },
    account: '322300223',
    refreshes: true,
  },
  {
    marketplace: 'temu',
    request: { market_site_id: 301 },
    fields: { mall_id: '777000111' },
    account: '777000111',
    refreshes: false,
  },
];

describe.each(CASES)('$marketplace authorization on the simulator', (c) => {
  let storeId: number;

  it('authorizes through the consent page and stores the tokens encrypted', async () => {
    const location = await answerConsent(await consentLink(c.request), 'allow', c.fields);
    const result = await followCallback(location);
    expect(result.error).toBeNull();
    storeId = Number(result.authorized);
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
    expect(row).toMatchObject({
      sellerId: seller.sellerId,
      marketplace: c.marketplace,
      account: c.account,
      source: 'sandbox',
      authStatus: 'active',
      status: 1,
    });
    const auth = JSON.parse(
      createSecretBox(parseSecretKey(h.config.STORE_SECRET_KEY)).open(row!.credentials),
    );
    expect(auth.account).toBe(c.account);
    expect(auth.accessToken.length).toBeGreaterThan(10);
    expect(row!.credentials).not.toContain(auth.accessToken);

    // The same redirect again: the state (Temu: the pending authorization) is single use.
    expect((await followCallback(location)).error).toMatch(
      c.marketplace === 'temu'
        ? /No authorization of yours is waiting/
        : /invalid or was already used/,
    );
  });

  it('checks the authorization with the marketplace', async () => {
    const res = await call(t.app, 'POST', '/api/market/status', {
      token: seller.token,
      body: { id: storeId },
    });
    expect(res.body.data, res.body.message).toEqual({
      id: storeId,
      auth_status: 'active',
      message: 'The authorization works',
    });
  });

  if (c.refreshes) {
    it('refreshes an expired access token during the check and stores the new one encrypted', async () => {
      const box = createSecretBox(parseSecretKey(h.config.STORE_SECRET_KEY));
      const [row] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
      const auth = JSON.parse(box.open(row!.credentials));
      const ranOut = { ...auth, accessTokenExpiresAt: Math.floor(Date.now() / 1000) - 60 };
      await t.database.db
        .update(stores)
        .set({ credentials: box.seal(JSON.stringify(ranOut)) })
        .where(eq(stores.id, storeId));
      const res = await call(t.app, 'POST', '/api/market/status', {
        token: seller.token,
        body: { id: storeId },
      });
      expect(res.body.data?.auth_status, res.body.message).toBe('active');
      const [after] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
      const saved = JSON.parse(box.open(after!.credentials));
      // The simulators' tokens are deterministic per second, so the new expiry is what shows
      // that a refreshed authorization was saved.
      expect(saved.accessTokenExpiresAt).toBeGreaterThan(Date.now() / 1000);
      expect(after!.tokenExpiresAt!.getTime()).toBe(saved.accessTokenExpiresAt * 1000);
      expect(after!.credentials).not.toContain(saved.accessToken);
    });
  }

  it('re-authorizes the same store', async () => {
    const link = await consentLink({ ...c.request, store_id: storeId });
    const result = await followCallback(await answerConsent(link, 'allow', c.fields));
    expect(result).toEqual({ authorized: String(storeId), error: null });
  });

  it('reports a denied consent', async () => {
    const location = await answerConsent(await consentLink(c.request), 'deny', c.fields);
    const result = await followCallback(location);
    expect(result.authorized).toBeNull();
    expect(result.error).toBeTruthy();
  });

  it('marks the store revoked when the marketplace no longer accepts its tokens', async () => {
    // The simulators have no revoke switch; tokens the seller revoked are refused the same way
    // as tokens the marketplace never issued, so the stored ones are replaced by such tokens.
    const box = createSecretBox(parseSecretKey(h.config.STORE_SECRET_KEY));
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
    const auth = JSON.parse(box.open(row!.credentials));
    const revoked = {
      ...auth,
      accessToken: `${auth.accessToken.slice(0, 8)}not-issued-by-the-marketplace`,
      refreshToken: auth.refreshToken === null ? null : 'not-issued-by-the-marketplace',
    };
    await t.database.db
      .update(stores)
      .set({ credentials: box.seal(JSON.stringify(revoked)) })
      .where(eq(stores.id, storeId));
    const res = await call(t.app, 'POST', '/api/market/status', {
      token: seller.token,
      body: { id: storeId },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.auth_status).toBe('revoked');
    const [after] = await t.database.db.select().from(stores).where(eq(stores.id, storeId));
    expect(after!.authStatus).toBe('revoked');
  });
});

describe('Temu without state (reference 4.4)', () => {
  const site = { market_site_id: 301 };

  it("binds the code to the signed-in user's pending authorization, never to another seller", async () => {
    const other = await createSeller(t.database.db);
    const location = await answerConsent(await consentLink(site), 'allow', {
      mall_id: '777000222',
    });
    expect(location.searchParams.has('state')).toBe(false);
    // Another seller with no pending Temu authorization cannot spend the code.
    const stolen = await followCallback(location, other.token);
    expect(stolen.error).toMatch(/No authorization of yours is waiting/);
    const mine = await followCallback(location);
    expect(mine.error).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(stores)
      .where(eq(stores.id, Number(mine.authorized)));
    expect(row).toMatchObject({ sellerId: seller.sellerId, account: '777000222' });
  });

  it('refuses a code Temu does not know with 422 on code', async () => {
    await consentLink(site);
    const res = await call(t.app, 'POST', '/api/market/complete-authorization', {
      token: seller.token,
      body: { code: 'not-a-temu-code' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.fields)).toEqual(['code']);
  });

  it('authorizes with a pasted access token, and refuses a bad one on access_token', async () => {
    // Seller Center's manual mode on the simulator's consent page.
    const consent = new URL(await consentLink(site));
    const page = await fetch(consent, {
      method: 'POST',
      body: new URLSearchParams({
        ...Object.fromEntries(consent.searchParams),
        mall_id: '777000333',
        decision: 'token',
      }),
    });
    const token = /<textarea id="access-token"[^>]*>([^<]+)</.exec(await page.text())![1]!;
    const ok = await call(t.app, 'POST', '/api/market/authorize-with-token', {
      token: seller.token,
      body: { ...site, access_token: token, alias: 'Pasted Temu' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(stores)
      .where(eq(stores.id, ok.body.data.store_id));
    expect(row).toMatchObject({ account: '777000333', alias: 'Pasted Temu', authStatus: 'active' });

    const bad = await call(t.app, 'POST', '/api/market/authorize-with-token', {
      token: seller.token,
      body: { ...site, access_token: 'not-a-temu-token' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['access_token']);
    const amazon = await call(t.app, 'POST', '/api/market/authorize-with-token', {
      token: seller.token,
      body: { market_site_id: 1, access_token: token },
    });
    expect(amazon.status).toBe(422);
    expect(Object.keys(amazon.body.data.fields)).toEqual(['market_site_id']);
  });

  it('keeps the Temu mode chosen at authorization, through the consent or a pasted token', async () => {
    const crossBorder = await answerConsent(
      await consentLink({ market_site_id: 301, temu_mode: 'cross_border' }),
      'allow',
      { mall_id: '777000444' },
    );
    const done = await followCallback(crossBorder);
    expect(done.error).toBeNull();
    const list = await call(t.app, 'GET', '/api/market/index', {
      token: seller.token,
      query: { marketplace: 'temu' },
    });
    const shown = list.body.data.list.find((s: { account: string }) => s.account === '777000444');
    expect(shown.mode).toBe('cross_border');
    // Local unless chosen; other marketplaces have none.
    const local = list.body.data.list.find((s: { account: string }) => s.account === '777000111');
    expect(local.mode).toBe('local');
    const amazon = await call(t.app, 'GET', '/api/market/index', {
      token: seller.token,
      query: { marketplace: 'amazon' },
    });
    expect(amazon.body.data.list.every((s: { mode: unknown }) => s.mode === null)).toBe(true);

    const bad = await call(t.app, 'POST', '/api/market/get-authorization-url', {
      token: seller.token,
      body: { market_site_id: 301, temu_mode: 'wholesale' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['temu_mode']);
  });
});
