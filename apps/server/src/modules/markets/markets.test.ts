import { randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACES, type Marketplace } from '@app/shared';
import { createOperator, createSeller, type SellerFixture } from '../../../test/fixtures.ts';
import { buildTestApp, call, type TestApp } from '../../../test/helper.ts';
import { bumpRevision, MENUS_REVISION } from '../../db/revisions.ts';
import { jobs, menus, oauthStates, stores } from '../../db/schema.ts';
import { resolveToken } from '../auth/sessions.ts';
import {
  MarketplaceError,
  type MarketplaceConnector,
  type StoreAuth,
} from '../../integrations/marketplaces/connector.ts';
import type { Connectors } from '../../integrations/marketplaces/index.ts';
import { createSecretBox, parseSecretKey } from '../../integrations/secret-box.ts';
import { openStoreSession } from './service.ts';

/**
 * A connector that stands in for a marketplace: its consent link carries the state back, the
 * callback's `code` decides success, and `checkAuthorization` refuses tokens listed in `refused`.
 * The flow against the real simulators is in oauth.sim.test.ts.
 */
function fakeConnector(
  marketplace: Marketplace,
  refused: Map<string, string>,
): MarketplaceConnector {
  const unused = () => Promise.reject(new Error('not used by these tests'));
  return {
    marketplace,
    sandbox: true,
    authorizeUrl: ({ site, state, redirectUri, shop }) =>
      `https://consent.test/${marketplace}?${new URLSearchParams({
        state,
        redirect_uri: redirectUri,
        site: site.code,
        ...(shop ? { shop } : {}),
      })}`,
    async completeAuthorization({ query }) {
      if (query.code !== 'good-code') {
        throw new MarketplaceError(marketplace, 'auth', 'invalid_grant', 'The code is not valid');
      }
      return {
        account: query.account ?? 'ACCOUNT-1',
        accessToken: `access-${query.account}-secret`,
        accessTokenExpiresAt: Math.floor(Date.now() / 1000) + 3600,
        refreshToken: `refresh-${query.account}-secret`,
        extra: {},
      } satisfies StoreAuth;
    },
    async checkAuthorization(session) {
      const code = refused.get(session.auth.accessToken ?? '');
      if (code) throw new MarketplaceError(marketplace, 'auth', code, `token ${code}`);
    },
    listCategories: unused,
    categoryAttributes: unused,
    publish: unused,
    listingState: unused,
    takeDown: unused,
    fetchOrders: unused,
    confirmShipment: unused,
  };
}

const SECRET_KEY = randomBytes(32).toString('hex');
const refused = new Map<string, string>();
// Temu is left out, to show a marketplace without a connector.
const connectors: Connectors = Object.fromEntries(
  MARKETPLACES.filter((m) => m !== 'temu').map((m) => [m, fakeConnector(m, refused)]),
);
let t: TestApp;
let alice: SellerFixture;
let bob: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp({
    config: { STORE_SECRET_KEY: SECRET_KEY },
    connectors: () => connectors,
  });
  alice = await createSeller(t.database.db);
  bob = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const get = (token: string | undefined, url: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token, query });
const post = (token: string | undefined, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token, body });

/** Asks for a consent link and returns the state the fake marketplace would send back. */
async function startAuthorization(
  seller: SellerFixture,
  body: Record<string, unknown>,
): Promise<{ state: string; url: URL }> {
  const res = await post(seller.token, '/api/market/get-authorization-url', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.expires_in).toBe(600);
  const url = new URL(res.body.data.url);
  return { state: url.searchParams.get('state')!, url };
}

async function callback(marketplace: string, query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/market/callback/${marketplace}`,
    query,
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(res.headers.location as string, 'http://app.test');
  expect(location.pathname).toBe('/market/index');
  return {
    authorized: location.searchParams.get('authorized'),
    error: location.searchParams.get('auth_error'),
  };
}

/** Authorizes `account` on a site through the whole flow and returns the store id. */
async function authorize(
  seller: SellerFixture,
  account: string,
  body: Record<string, unknown> = { market_site_id: 1 },
): Promise<number> {
  const { state, url } = await startAuthorization(seller, body);
  const marketplace = url.pathname.slice(1);
  const result = await callback(marketplace, { state, code: 'good-code', account });
  expect(result.error).toBeNull();
  return Number(result.authorized);
}

const storeRow = async (id: number) =>
  (await t.database.db.select().from(stores).where(eq(stores.id, id)))[0];

describe('authorization flow', () => {
  it('builds the consent link with the callback URL and keeps only a hash of the state', async () => {
    const { state, url } = await startAuthorization(alice, { market_site_id: 6 });
    expect(url.pathname).toBe('/amazon');
    expect(url.searchParams.get('site')).toBe('DE');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:80/api/market/callback/amazon',
    );
    expect(state).toMatch(/^[\w-]{43}$/);
    const rows = await t.database.db.select().from(oauthStates);
    expect(rows.some((r) => r.stateHash.includes(state))).toBe(false);
    expect(rows.filter((r) => r.sellerId === alice.sellerId).length).toBeGreaterThan(0);
  });

  it('stores the authorization encrypted and answers the new store', async () => {
    const id = await authorize(alice, 'A1AMAZONSELLER', { market_site_id: 1, alias: 'Main US' });
    const row = (await storeRow(id))!;
    expect(row).toMatchObject({
      sellerId: alice.sellerId,
      marketplace: 'amazon',
      marketSiteId: 1,
      account: 'A1AMAZONSELLER',
      alias: 'Main US',
      status: 1,
      source: 'sandbox',
      authStatus: 'active',
    });
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('secret');
    expect(row.credentials).not.toContain('A1AMAZONSELLER');
    const box = createSecretBox(parseSecretKey(SECRET_KEY));
    expect(JSON.parse(box.open(row.credentials))).toMatchObject({
      account: 'A1AMAZONSELLER',
      accessToken: 'access-A1AMAZONSELLER-secret',
      refreshToken: 'refresh-A1AMAZONSELLER-secret',
    });
    expect(row.tokenExpiresAt).not.toBeNull();
  });

  it('authorizing the same account on the same site again updates that store', async () => {
    const first = await authorize(alice, 'A2SAMEACCOUNT');
    const second = await authorize(alice, 'A2SAMEACCOUNT', { market_site_id: 1, alias: 'Renamed' });
    expect(second).toBe(first);
    expect((await storeRow(first))!.alias).toBe('Renamed');
    const onOtherSite = await authorize(alice, 'A2SAMEACCOUNT', { market_site_id: 2 });
    expect(onOtherSite).not.toBe(first);
  });

  it('re-authorizes a chosen store, and refuses another account for it', async () => {
    const id = await authorize(alice, 'A3REAUTH');
    await t.database.db.update(stores).set({ authStatus: 'revoked' }).where(eq(stores.id, id));
    const again = await startAuthorization(alice, { market_site_id: 1, store_id: id });
    expect(
      await callback('amazon', { state: again.state, code: 'good-code', account: 'A3REAUTH' }),
    ).toEqual({ authorized: String(id), error: null });
    expect((await storeRow(id))!.authStatus).toBe('active');

    const wrong = await startAuthorization(alice, { market_site_id: 1, store_id: id });
    const result = await callback('amazon', {
      state: wrong.state,
      code: 'good-code',
      account: 'A9OTHER',
    });
    expect(result.error).toMatch(/signed in as A9OTHER, but this store is A3REAUTH/);
  });

  it('refuses a used, unknown or expired state, a denied consent and a bad code', async () => {
    const { state } = await startAuthorization(alice, { market_site_id: 1 });
    expect(
      (await callback('amazon', { state, code: 'good-code', account: 'A4' })).authorized,
    ).not.toBeNull();
    expect((await callback('amazon', { state, code: 'good-code', account: 'A4' })).error).toMatch(
      /invalid or was already used/,
    );
    expect((await callback('amazon', { code: 'good-code' })).error).toMatch(/no state/);
    expect((await callback('amazon', { state: 'made-up', code: 'good-code' })).error).toMatch(
      /invalid or was already used/,
    );

    const old = await startAuthorization(alice, { market_site_id: 1 });
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(oauthStates.usedAt));
    expect((await callback('amazon', { state: old.state, code: 'good-code' })).error).toMatch(
      /expired/,
    );

    const denied = await startAuthorization(alice, { market_site_id: 1 });
    const refusal = await callback('amazon', {
      state: denied.state,
      error: 'access_denied',
      error_description: 'The seller declined',
    });
    expect(refusal).toEqual({
      authorized: null,
      error: 'Amazon authorization was declined: The seller declined',
    });

    const bad = await startAuthorization(alice, { market_site_id: 1 });
    expect((await callback('amazon', { state: bad.state, code: 'wrong' })).error).toBe(
      'amazon: The code is not valid',
    );
    const crossed = await startAuthorization(alice, { market_site_id: 1 });
    expect((await callback('shopee', { state: crossed.state, code: 'good-code' })).error).toMatch(
      /another marketplace/,
    );
    expect((await callback('nowhere', { state: 'x' })).error).toBeTruthy();
  });

  it('needs the shop for Shopify (or takes it from the store) and checks the shop that came back', async () => {
    const missing = await post(alice.token, '/api/market/get-authorization-url', {
      market_site_id: 101,
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.data.fields)).toEqual(['shop']);
    const badShop = await post(alice.token, '/api/market/get-authorization-url', {
      market_site_id: 101,
      shop: 'not a shop',
    });
    expect(Object.keys(badShop.body.data.fields)).toEqual(['shop']);

    const { state, url } = await startAuthorization(alice, {
      market_site_id: 101,
      shop: 'Demo-Shop.myshopify.com',
    });
    expect(url.searchParams.get('shop')).toBe('demo-shop.myshopify.com');
    const other = await callback('shopify', {
      state,
      code: 'good-code',
      account: 'evil.myshopify.com',
    });
    expect(other.error).toBe('Shopify authorized evil.myshopify.com, not demo-shop.myshopify.com');

    const id = await authorize(alice, 'demo-shop.myshopify.com', {
      market_site_id: 101,
      shop: 'demo-shop.myshopify.com',
    });
    const again = await startAuthorization(alice, { market_site_id: 101, store_id: id });
    expect(again.url.searchParams.get('shop')).toBe('demo-shop.myshopify.com');
  });

  it('answers 422 for an unknown site, a marketplace without connector, and a store on another site', async () => {
    const id = await authorize(alice, 'A5SITE');
    for (const [body, field] of [
      [{ market_site_id: 999 }, 'market_site_id'],
      [{ market_site_id: 301 }, 'market_site_id'],
      [{ market_site_id: 2, store_id: id }, 'store_id'],
      [{}, 'market_site_id'],
    ] as const) {
      const res = await post(alice.token, '/api/market/get-authorization-url', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual([field]);
    }
    const theirs = await post(bob.token, '/api/market/get-authorization-url', {
      market_site_id: 1,
      store_id: id,
    });
    expect(theirs.status).toBe(404);
  });
});

describe('store list and edits', () => {
  let seller: SellerFixture;
  const ids = { us: 0, de: 0, shopee: 0 };
  beforeAll(async () => {
    seller = await createSeller(t.database.db);
    ids.us = await authorize(seller, 'LIST-US', { market_site_id: 1, alias: 'Alpha US' });
    ids.de = await authorize(seller, 'LIST-DE', { market_site_id: 6, alias: 'Beta DE' });
    ids.shopee = await authorize(seller, '900100', { market_site_id: 201, alias: 'Gamma SG' });
  });

  it("lists the seller's stores newest first with their site, and pages 'undefined' as 1 and 20", async () => {
    const res = await get(seller.token, '/api/market/index', {
      page: 'undefined',
      size: 'undefined',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ page: 1, size: 20, total: 3 });
    expect(res.body.data.list.map((s: { id: number }) => s.id)).toEqual([
      ids.shopee,
      ids.de,
      ids.us,
    ]);
    const de = res.body.data.list[1];
    expect(de).toMatchObject({
      alias: 'Beta DE',
      tax_number: '',
      seller_id: seller.sellerId,
      market_site_id: 6,
      account: 'LIST-DE',
      status: 1,
      source: 'sandbox',
      marketplace: 'amazon',
      auth_status: 'active',
      staff_ids: [],
      publishing: 0,
    });
    expect(de.site).toMatchObject({ id: 6, code: 'DE', currency: 'EUR', region: 'EU' });
    expect(de).not.toHaveProperty('credentials');
    expect(typeof de.created_at).toBe('number');

    const page2 = await get(seller.token, '/api/market/index', { page: '2', size: '2' });
    expect(page2.body.data.list.map((s: { id: number }) => s.id)).toEqual([ids.us]);
    expect(page2.body.data.pagination).toEqual({ page: 2, size: 2, total: 3 });
  });

  it('filters by marketplace, status and keyword (alias or account)', async () => {
    const idsOf = async (query: Record<string, string>) =>
      (await get(seller.token, '/api/market/index', query)).body.data.list.map(
        (s: { id: number }) => s.id,
      );
    expect(await idsOf({ marketplace: 'shopee' })).toEqual([ids.shopee]);
    expect(await idsOf({ keyword: 'beta' })).toEqual([ids.de]);
    expect(await idsOf({ keyword: 'list-us' })).toEqual([ids.us]);
    expect(await idsOf({ keyword: '%' })).toEqual([]);
    expect(await idsOf({ status: '0' })).toEqual([]);
    const badSites = await get(seller.token, '/api/market/get-sites-list', { marketplace: 'ebay' });
    expect(badSites.status).toBe(422);
    expect(Object.keys(badSites.body.data.fields)).toEqual(['marketplace']);
    const bad = await get(seller.token, '/api/market/index', { marketplace: 'ebay', size: '500' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['marketplace', 'size']);
  });

  it('edits alias and tax number, renames one or several, and switches stores off and on', async () => {
    const info = await post(seller.token, '/api/market/update-market-info-submit', {
      id: ids.us,
      alias: '  Alpha North  ',
      tax_number: 'US-TAX-1',
    });
    expect(info.body.data).toMatchObject({
      id: ids.us,
      alias: 'Alpha North',
      tax_number: 'US-TAX-1',
    });

    const renamed = await post(seller.token, '/api/market/modify-alias', {
      id: ids.de,
      alias: 'Beta',
    });
    expect(renamed.body.data.alias).toBe('Beta');

    const batch = await post(seller.token, '/api/market/updateAlias', {
      list: [
        { id: ids.us, alias: 'One' },
        { id: ids.shopee, alias: 'Two' },
        { id: 999_999, alias: 'Nobody' },
      ],
    });
    expect(batch.body.data.results).toEqual([
      { id: ids.us, ok: true, reason: null },
      { id: ids.shopee, ok: true, reason: null },
      { id: 999_999, ok: false, reason: 'not_found' },
    ]);
    expect((await storeRow(ids.shopee))!.alias).toBe('Two');

    const off = await post(seller.token, '/api/market/modify-status', { id: ids.de, status: 0 });
    expect(off.body.data.status).toBe(0);
    expect(
      (await get(seller.token, '/api/market/index', { status: '0' })).body.data.list,
    ).toHaveLength(1);
    // A JSON body carries numbers as numbers: text is refused, not coerced.
    const text = await post(seller.token, '/api/market/modify-status', { id: ids.de, status: '1' });
    expect(text.status).toBe(422);
    const on = await post(seller.token, '/api/market/modify-status', { id: ids.de, status: 1 });
    expect(on.body.data.status).toBe(1);
  });

  it('answers 422 naming the bad fields', async () => {
    const cases: Array<[string, unknown, string[]]> = [
      ['/api/market/update-market-info-submit', { id: ids.us, alias: '' }, ['alias']],
      [
        '/api/market/update-market-info-submit',
        { id: ids.us, alias: 'x', tax_number: 'x'.repeat(51) },
        ['tax_number'],
      ],
      ['/api/market/modify-status', { id: ids.us, status: 2 }, ['status']],
      ['/api/market/modify-alias', { id: ids.us, alias: 'x'.repeat(51) }, ['alias']],
      ['/api/market/updateAlias', { list: [] }, ['list']],
      ['/api/market/delMarket', { id: 'abc' }, ['id']],
      ['/api/market/status', {}, ['id']],
      ['/api/market/set-staff', { id: ids.us }, ['staff_ids']],
    ];
    for (const [url, body, fields] of cases) {
      const res = await post(seller.token, url, body);
      expect(res.status, url).toBe(422);
      expect(Object.keys(res.body.data.fields), url).toEqual(fields);
    }
  });

  it("answers 404 for another seller's store on every call that takes one", async () => {
    for (const [url, body] of [
      ['/api/market/update-market-info-submit', { id: ids.us, alias: 'x' }],
      ['/api/market/modify-status', { id: ids.us, status: 0 }],
      ['/api/market/modify-alias', { id: ids.us, alias: 'x' }],
      ['/api/market/status', { id: ids.us }],
      ['/api/market/delMarket', { id: ids.us }],
      ['/api/market/set-staff', { id: ids.us, staff_ids: [] }],
      ['/api/market/exemption/store', { brand: 'Acme', store_id: ids.us }],
    ] as const) {
      const res = await post(bob.token, url, body);
      expect(res.status, url).toBe(404);
    }
    const batch = await post(bob.token, '/api/market/updateAlias', {
      list: [{ id: ids.us, alias: 'x' }],
    });
    expect(batch.body.data.results[0]).toMatchObject({ ok: false, reason: 'not_found' });
    expect((await storeRow(ids.us))!.alias).toBe('One');
    expect(
      (await get(bob.token, '/api/market/index')).body.data.list.map((s: { id: number }) => s.id),
    ).not.toContain(ids.us);
  });

  it('lists sites, the authorizable marketplaces and the Amazon stores by region', async () => {
    const all = await get(seller.token, '/api/market/get-sites-list');
    expect(all.body.data.length).toBeGreaterThan(20);
    const shopee = await get(seller.token, '/api/market/site', { marketplace: 'shopee' });
    expect(new Set(shopee.body.data.map((s: { marketplace: string }) => s.marketplace))).toEqual(
      new Set(['shopee']),
    );
    expect(shopee.body.data[0]).toEqual({
      id: 201,
      marketplace: 'shopee',
      code: 'SG',
      name: 'Singapore',
      nameZh: '新加坡',
      currency: 'SGD',
      remoteId: 'SG',
      region: 'GLOBAL',
      language: 'en-SG',
    });

    const apps = await get(seller.token, '/api/market/get-auth-apps-list');
    // Temu has no connector in this app, so it is left out.
    expect(apps.body.data.map((a: { marketplace: string }) => a.marketplace)).toEqual([
      'amazon',
      'shopify',
      'shopee',
    ]);
    expect(apps.body.data[1]).toMatchObject({
      name: 'Shopify',
      sandbox: true,
      needsShopDomain: true,
      acceptsToken: false,
    });
    expect(apps.body.data[0].sites.map((s: { code: string }) => s.code)).toContain('JP');

    await post(seller.token, '/api/market/modify-status', { id: ids.de, status: 0 });
    const amazon = await get(seller.token, '/api/market/amazon');
    expect(
      amazon.body.data.map((g: { region: string; stores: Array<{ id: number }> }) => [
        g.region,
        g.stores.map((s) => s.id),
      ]),
    ).toEqual([['NA', [ids.us]]]);
    await post(seller.token, '/api/market/modify-status', { id: ids.de, status: 1 });
    const both = await get(seller.token, '/api/market/amazon');
    expect(both.body.data.map((g: { region: string }) => g.region)).toEqual(['NA', 'EU']);
  });
});

describe('status check', () => {
  it('records active, revoked and expired from what the marketplace answers', async () => {
    const seller = await createSeller(t.database.db);
    const id = await authorize(seller, 'STATUS-1');
    const works = await post(seller.token, '/api/market/status', { id });
    expect(works.body.data).toEqual({
      id,
      auth_status: 'active',
      message: 'The authorization works',
    });

    refused.set('access-STATUS-1-secret', 'Unauthorized');
    const revoked = await post(seller.token, '/api/market/status', { id });
    expect(revoked.body.data).toMatchObject({ id, auth_status: 'revoked' });
    expect(revoked.body.data.message).toMatch(/Amazon refused the authorization/);
    expect((await storeRow(id))!.authStatus).toBe('revoked');

    // Refused after its expiry (and not refreshed): expired, whatever the marketplace's wording.
    const box = createSecretBox(parseSecretKey(SECRET_KEY));
    const auth = JSON.parse(box.open((await storeRow(id))!.credentials)) as StoreAuth;
    const ranOut = { ...auth, accessTokenExpiresAt: Math.floor(Date.now() / 1000) - 60 };
    await t.database.db
      .update(stores)
      .set({ credentials: box.seal(JSON.stringify(ranOut)) })
      .where(eq(stores.id, id));
    expect((await post(seller.token, '/api/market/status', { id })).body.data.auth_status).toBe(
      'expired',
    );
    refused.delete('access-STATUS-1-secret');
    expect((await post(seller.token, '/api/market/status', { id })).body.data.auth_status).toBe(
      'active',
    );
  });
});

describe('openStoreSession', () => {
  it('answers 409, not 500, for credentials sealed under another server key', async () => {
    const seller = await createSeller(t.database.db);
    const id = await authorize(seller, 'OTHER-KEY-1', { market_site_id: 5 });
    // What a second process with its own generated key would have written.
    const other = createSecretBox(randomBytes(32));
    await t.database.db
      .update(stores)
      .set({ credentials: other.seal(JSON.stringify({ accessToken: 'x' })) })
      .where(eq(stores.id, id));
    const res = await post(seller.token, '/api/market/status', { id });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/STORE_SECRET_KEY/);
    expect(res.body.data).toMatchObject({ reason: 'credentials_unreadable' });
  });

  it('opens an active store with its decrypted auth, and refuses off or unauthorized ones', async () => {
    const seller = await createSeller(t.database.db);
    const id = await authorize(seller, 'SESSION-1', { market_site_id: 5 });
    const ctx = {
      db: t.database.db,
      actor: await resolveToken(t.database.db, seller.token),
      log: t.app.log,
      ip: '127.0.0.1',
      lang: 'zh-CN' as const,
      connectors,
      box: createSecretBox(parseSecretKey(SECRET_KEY)),
    };
    const opened = await openStoreSession(ctx, id, { forWrite: true });
    expect(opened.store.id).toBe(id);
    expect(opened.connector).toBe(connectors.amazon);
    expect(opened.session.site.code).toBe('GB');
    expect(opened.session.auth.accessToken).toBe('access-SESSION-1-secret');

    const refreshed = { ...opened.session.auth, accessToken: 'access-refreshed-secret' };
    await opened.session.saveAuth(refreshed);
    expect(opened.session.auth).toEqual(refreshed);
    const reopened = await openStoreSession(ctx, id, { forWrite: false });
    expect(reopened.session.auth.accessToken).toBe('access-refreshed-secret');
    expect((await storeRow(id))!.credentials).not.toContain('refreshed');

    await post(seller.token, '/api/market/modify-status', { id, status: 0 });
    await expect(openStoreSession(ctx, id, { forWrite: true })).rejects.toMatchObject({
      status: 409,
      key: 'orders.store_switched_off',
    });
    expect((await openStoreSession(ctx, id, { forWrite: false })).store.id).toBe(id);

    await t.database.db.update(stores).set({ authStatus: 'expired' }).where(eq(stores.id, id));
    await expect(openStoreSession(ctx, id, { forWrite: false })).rejects.toMatchObject({
      status: 409,
      key: 'orders.store_needs_reauthorization',
    });
    const other = { ...ctx, actor: await resolveToken(t.database.db, bob.token) };
    await expect(openStoreSession(other, id, { forWrite: false })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuses a sandbox store when the server talks to the live marketplace', async () => {
    const seller = await createSeller(t.database.db);
    const id = await authorize(seller, 'SESSION-2');
    const ctx = {
      db: t.database.db,
      actor: await resolveToken(t.database.db, seller.token),
      log: t.app.log,
      ip: '127.0.0.1',
      lang: 'zh-CN' as const,
      connectors: { amazon: { ...connectors.amazon!, sandbox: false } },
      box: createSecretBox(parseSecretKey(SECRET_KEY)),
    };
    await expect(openStoreSession(ctx, id, { forWrite: true })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/needs the Amazon simulator/),
    });
  });
});

describe('staff', () => {
  let boss: SellerFixture;
  let staffA: SellerFixture;
  let staffB: SellerFixture;
  let storeIds: number[];
  beforeAll(async () => {
    boss = await createSeller(t.database.db);
    staffA = await createSeller(t.database.db, { sellerId: boss.sellerId, name: 'Ann' });
    staffB = await createSeller(t.database.db, { sellerId: boss.sellerId, name: 'Ben' });
    storeIds = [
      await authorize(boss, 'STAFF-1'),
      await authorize(boss, 'STAFF-2'),
      await authorize(boss, 'STAFF-3'),
    ];
  });

  const visibleTo = async (user: SellerFixture) =>
    (await get(user.token, '/api/market/index')).body.data.list
      .map((s: { id: number }) => s.id)
      .sort((a: number, b: number) => a - b);

  it('lists the staff, not the boss or other sellers', async () => {
    const res = await get(boss.token, '/api/market/get-staff-list');
    expect(res.body.data).toEqual([
      { id: staffA.userId, name: 'Ann', email: staffA.email, mobile: null },
      { id: staffB.userId, name: 'Ben', email: staffB.email, mobile: null },
    ]);
  });

  it('staff see and use only the stores assigned to them; the boss sees all', async () => {
    const [s1, s2, s3] = storeIds as [number, number, number];
    expect(await visibleTo(staffA)).toEqual([]);
    const set = await post(boss.token, '/api/market/set-staff', {
      id: s1,
      staff_ids: [staffA.userId, staffB.userId, staffA.userId],
    });
    expect(set.status).toBe(200);
    expect(set.body.data.staff_ids).toEqual([staffA.userId, staffB.userId].sort((a, b) => a - b));
    await post(boss.token, '/api/market/set-staff', { id: s2, staff_ids: [staffB.userId] });

    expect(await visibleTo(staffA)).toEqual([s1]);
    expect(await visibleTo(staffB)).toEqual([s1, s2]);
    expect(await visibleTo(boss)).toEqual([s1, s2, s3]);

    expect(
      (await post(staffA.token, '/api/market/modify-alias', { id: s2, alias: 'x' })).status,
    ).toBe(404);
    expect(
      (await post(staffA.token, '/api/market/modify-alias', { id: s1, alias: 'Ann’s' })).status,
    ).toBe(200);

    const narrowed = await post(boss.token, '/api/market/set-staff', {
      id: s1,
      staff_ids: [staffB.userId],
    });
    expect(narrowed.body.data.staff_ids).toEqual([staffB.userId]);
    expect(await visibleTo(staffA)).toEqual([]);
  });

  it('a store a staff member authorizes is assigned to them', async () => {
    const id = await authorize(staffA, 'STAFF-OWN');
    expect(await visibleTo(staffA)).toEqual([id]);
    expect((await storeRow(id))!.sellerId).toBe(boss.sellerId);
  });

  it("refuses the boss, another seller's users and unknown ids as staff (422 on staff_ids)", async () => {
    for (const staffIds of [[boss.userId], [alice.userId], [staffA.userId, 987_654]]) {
      const res = await post(boss.token, '/api/market/set-staff', {
        id: storeIds[2],
        staff_ids: staffIds,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.data.fields)).toEqual(['staff_ids']);
    }
  });
});

describe('delMarket', () => {
  it('is refused while a listing is being published to the store, then deletes it and its links', async () => {
    const boss = await createSeller(t.database.db);
    const staff = await createSeller(t.database.db, { sellerId: boss.sellerId });
    const id = await authorize(boss, 'DELETE-1');
    await post(boss.token, '/api/market/set-staff', { id, staff_ids: [staff.userId] });
    const [job] = await t.database.db
      .insert(jobs)
      .values([
        {
          sellerId: boss.sellerId,
          kind: 'listings.amazon.publish',
          status: 'running',
          payload: { storeId: id },
        },
        {
          sellerId: boss.sellerId,
          kind: 'listings.amazon.publish',
          status: 'succeeded',
          payload: { storeId: id },
        },
        {
          sellerId: boss.sellerId,
          kind: 'orders.sync',
          status: 'running',
          payload: { storeId: id },
        },
      ])
      .returning({ id: jobs.id });
    const listed = await get(boss.token, '/api/market/index');
    expect(listed.body.data.list[0]).toMatchObject({ id, publishing: 1 });

    const refused409 = await post(boss.token, '/api/market/delMarket', { id });
    expect(refused409.status).toBe(409);
    expect(refused409.body.key).toBe('markets.store_publishing');
    expect(refused409.body.data).toEqual({ publishing: 1 });

    await t.database.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, job!.id));
    const deleted = await post(boss.token, '/api/market/delMarket', { id });
    expect(deleted.status).toBe(200);
    expect(await storeRow(id)).toBeUndefined();
    expect((await get(staff.token, '/api/market/index')).body.data.list).toEqual([]);
    expect((await post(boss.token, '/api/market/delMarket', { id })).status).toBe(404);
  });
});

describe('exempt brands', () => {
  it('adds, edits, lists, filters and deletes brands; duplicates ignoring case are 422', async () => {
    const seller = await createSeller(t.database.db);
    const storeId = await authorize(seller, 'BRANDS-1');
    const add = (body: Record<string, unknown>) =>
      post(seller.token, '/api/market/exemption/store', body);

    const everywhere = await add({ brand: ' Acme ', remark: 'our own' });
    expect(everywhere.status).toBe(200);
    expect(everywhere.body.data).toMatchObject({
      brand: 'Acme',
      store_id: null,
      remark: 'our own',
    });
    const forStore = await add({ brand: 'Acme', store_id: storeId });
    expect(forStore.status).toBe(200);
    const other = await add({ brand: 'Zenith' });

    for (const body of [{ brand: 'ACME' }, { brand: 'acme', store_id: storeId }]) {
      const dup = await add(body);
      expect(dup.status).toBe(422);
      expect(Object.keys(dup.body.data.fields)).toEqual(['brand']);
    }
    const edited = await add({ id: other.body.data.id, brand: 'Zenith Pro', remark: 'renamed' });
    expect(edited.body.data).toMatchObject({
      id: other.body.data.id,
      brand: 'Zenith Pro',
      remark: 'renamed',
    });
    const clash = await add({ id: other.body.data.id, brand: 'acme' });
    expect(clash.status).toBe(422);
    expect((await add({ brand: '' })).status).toBe(422);

    const list = await get(seller.token, '/api/market/exemption/index');
    expect(list.body.data.pagination).toEqual({ page: 1, size: 20, total: 3 });
    expect(list.body.data.list.map((b: { brand: string }) => b.brand)).toEqual([
      'Zenith Pro',
      'Acme',
      'Acme',
    ]);
    const keyword = await get(seller.token, '/api/market/exemption/index', { keyword: 'zen' });
    expect(keyword.body.data.list.map((b: { id: number }) => b.id)).toEqual([other.body.data.id]);
    const ofStore = await get(seller.token, '/api/market/exemption/index', {
      store_id: String(storeId),
      keyword: 'acme',
    });
    expect(ofStore.body.data.list.map((b: { store_id: number | null }) => b.store_id)).toEqual([
      storeId,
      null,
    ]);

    expect(
      (await get(bob.token, '/api/market/exemption/index')).body.data.list.map(
        (b: { id: number }) => b.id,
      ),
    ).not.toContain(everywhere.body.data.id);
    expect(
      (
        await post(bob.token, '/api/market/exemption/store', {
          id: everywhere.body.data.id,
          brand: 'x',
        })
      ).status,
    ).toBe(404);
    const bobDelete = await post(bob.token, '/api/market/exemption/delete', {
      ids: [everywhere.body.data.id],
    });
    expect(bobDelete.body.data.results).toEqual([
      { id: everywhere.body.data.id, ok: false, reason: 'not_found' },
    ]);

    const removed = await post(seller.token, '/api/market/exemption/delete', {
      ids: [everywhere.body.data.id, other.body.data.id],
    });
    expect(removed.body.data.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect(
      (await get(seller.token, '/api/market/exemption/index')).body.data.pagination.total,
    ).toBe(1);

    await post(seller.token, '/api/market/delMarket', { id: storeId });
    expect(
      (await get(seller.token, '/api/market/exemption/index')).body.data.pagination.total,
    ).toBe(0);
  });
});

describe('access', () => {
  it('needs a signed-in seller user and the page permission', async () => {
    expect((await get(undefined, '/api/market/index')).status).toBe(401);
    const operator = await createOperator(t.database.db);
    expect((await get(operator.token, '/api/market/index')).status).toBe(403);

    // Runs last in this file: it removes a permission for everyone on this database.
    await t.database.db.delete(menus).where(eq(menus.perms, 'market:index:delete'));
    await bumpRevision(t.database.db, MENUS_REVISION); // as every menu edit does
    const seller = await createSeller(t.database.db);
    const id = await authorize(seller, 'ACCESS-1');
    expect((await post(seller.token, '/api/market/delMarket', { id })).status).toBe(403);
    expect((await get(seller.token, '/api/market/index')).status).toBe(200);
  });
});
