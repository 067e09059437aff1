import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../http.ts';
import { SIM_TEMU_DEFAULTS } from '../market.ts';
import { mallOrders } from './orders.ts';
import { createTemuSimulator } from './server.ts';
import { temuSign } from './signature.ts';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const nowSeconds = Math.floor(NOW / 1000);
const MALL = '1024';

let sim: ReturnType<typeof createTemuSimulator>;
let running: RunningSimulator;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'temu-sim-'));
  sim = createTemuSimulator({ now: () => new Date(NOW), stateFile: join(stateDir, 'temu.json') });
  running = await startSimulator(sim);
});
afterAll(async () => {
  await running.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const post = (body: unknown, url = `${running.url}/openapi/router`) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

function signed(type: string, params: Record<string, unknown>, token: string, overrides = {}) {
  // Through JSON first, so overrides set to undefined are left out as they are on the wire.
  const body = JSON.parse(
    JSON.stringify({
      type,
      app_key: SIM_TEMU_DEFAULTS.appKey,
      access_token: token,
      timestamp: nowSeconds,
      data_type: 'JSON',
      ...params,
      ...overrides,
    }),
  ) as Record<string, unknown>;
  return { ...body, sign: temuSign(body, SIM_TEMU_DEFAULTS.appSecret) };
}

async function call(type: string, params: Record<string, unknown> = {}, overrides = {}) {
  const token = sim.grant(MALL, 'US').accessToken;
  const res = await post(signed(type, params, token, overrides));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('Temu simulator gateway checks (reference 4.5)', () => {
  it('refuses a bad signature with HTTP 200 and SIGN_UNVALID', async () => {
    const token = sim.grant(MALL, 'US').accessToken;
    const body = {
      ...signed('bg.local.goods.cats.get', { parentCatId: 0 }, token),
      parentCatId: 1,
    };
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: false,
      errorCode: 3000001,
      errorMsg: 'SIGN_UNVALID',
    });
  });

  it('refuses stale, future and missing timestamps, unknown app keys, types and tokens', async () => {
    const codeOf = async (overrides: Record<string, unknown>, type = 'bg.local.goods.cats.get') =>
      (await call(type, {}, overrides)).body.errorCode;
    expect(await codeOf({ timestamp: nowSeconds - 301 })).toBe(3000012);
    expect(await codeOf({ timestamp: nowSeconds + 301 })).toBe(3000011);
    expect(await codeOf({ timestamp: undefined })).toBe(3000010);
    expect(await codeOf({ app_key: 'someone-else' })).toBe(3000026);
    expect(await codeOf({ type: undefined })).toBe(3000002);
    expect(await codeOf({}, 'bg.no.such.api')).toBe(3000003);
    expect(await codeOf({ access_token: 'upl-forged.token' })).toBe(3000031);
    expect(await codeOf({ access_token: undefined })).toBe(3000030);
    expect(await codeOf({ timestamp: nowSeconds + 299 })).toBe(1000000);
  });

  it('answers only POST on the router', async () => {
    const res = await fetch(`${running.url}/openapi/router`);
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 3000000 });
  });

  it('refuses an expired access token with 3000034', async () => {
    let clock = NOW;
    const shortLived = createTemuSimulator({
      now: () => new Date(clock),
      accessTokenTtlSeconds: 60,
    });
    const server = await startSimulator(shortLived);
    try {
      const token = shortLived.grant(MALL, 'US').accessToken;
      clock += 120_000;
      const body = signed('bg.open.accesstoken.info.get', {}, token, {
        timestamp: Math.floor(clock / 1000),
      });
      const res = await post(body, `${server.url}/openapi/router`);
      expect(await res.json()).toMatchObject({ success: false, errorCode: 3000034 });
    } finally {
      await server.close();
    }
  });
});

describe('Temu simulator faults', () => {
  it('throttles with 4000004 over HTTP 200, then answers normally', async () => {
    sim.faults.failNext({ status: 200 });
    expect((await call('bg.local.goods.cats.get', { parentCatId: 0 })).body).toMatchObject({
      success: false,
      errorCode: 4000004,
      errorMsg: 'RATE_LIMIT_EXCEED_EXCEPTION',
    });
    expect((await call('bg.local.goods.cats.get', { parentCatId: 0 })).body.success).toBe(true);
  });

  it('answers a 5xx fault with SYSTEM_EXCEPTION', async () => {
    sim.faults.failNext({ status: 503 });
    const { status, body } = await call('bg.local.goods.cats.get', { parentCatId: 0 });
    expect(status).toBe(503);
    expect(body).toMatchObject({ success: false, errorCode: 4000000 });
  });
});

describe('Temu simulator consent and token exchange (reference 4.4)', () => {
  const redirectUrl = 'https://app.example/callback';
  const consent = () =>
    `${running.url}/authorize?` +
    new URLSearchParams({
      app_key: SIM_TEMU_DEFAULTS.appKey,
      redirect_url: redirectUrl,
    });

  it('shows the app with Authorize and Deny, and refuses unknown apps', async () => {
    const page = await (await fetch(consent())).text();
    expect(page).toContain('Seller Hub');
    expect(page).toContain('>Authorize<');
    expect(page).toContain('>Deny<');
    const unknown = await fetch(
      `${running.url}/authorize?app_key=x&state=s&redirect_url=${redirectUrl}`,
    );
    expect(unknown.status).toBe(400);
  });

  it('redirects with a single-use code that create exchanges once', async () => {
    const form = new URLSearchParams({
      app_key: SIM_TEMU_DEFAULTS.appKey,
      redirect_url: redirectUrl,
      mall_id: '777',
      decision: 'authorize',
    });
    const res = await fetch(consent(), { method: 'POST', body: form, redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirectUrl);
    expect([...location.searchParams.keys()]).toEqual(['code']);
    const code = location.searchParams.get('code')!;
    const exchange = () => post(signed('bg.open.accesstoken.create', { code }, code));
    const first = (await (await exchange()).json()) as Record<string, any>;
    expect(first.result).toMatchObject({ mallId: 777, regionId: 211 });
    expect(first.result.expiredTime).toBe(nowSeconds + 365 * 86_400);
    expect(await (await exchange()).json()).toMatchObject({ success: false, errorCode: 110020002 });
  });

  it('sends the seller back with an error on Deny', async () => {
    const form = new URLSearchParams({
      app_key: SIM_TEMU_DEFAULTS.appKey,
      redirect_url: redirectUrl,
      decision: 'deny',
    });
    const res = await fetch(consent(), { method: 'POST', body: form, redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it("shows a working access token in Seller Center's manual mode", async () => {
    const form = new URLSearchParams({
      app_key: SIM_TEMU_DEFAULTS.appKey,
      redirect_url: redirectUrl,
      mall_id: '778',
      decision: 'token',
    });
    const page = await (await fetch(consent(), { method: 'POST', body: form })).text();
    const token = /<textarea id="access-token"[^>]*>([^<]+)</.exec(page)![1]!;
    const info = (await (
      await post(signed('bg.open.accesstoken.info.get', {}, token))
    ).json()) as Record<string, any>;
    expect(info.result).toMatchObject({ mallId: 778 });
  });
});

describe('Temu simulator data', () => {
  it('pages orders by pageNumber with disjoint pages and the update-time filter', async () => {
    const params = { pageSize: 4, updateAtStart: nowSeconds - 86_400, updateAtEnd: nowSeconds };
    const pages = await Promise.all(
      [1, 2, 3].map((pageNumber) => call('bg.order.list.v2.get', { ...params, pageNumber })),
    );
    const sns = pages.flatMap((p) =>
      p.body.result.pageItems.map((i: any) => i.parentOrderMap.parentOrderSn),
    );
    expect(pages[0]!.body.result.totalItemNum).toBeGreaterThan(8);
    expect(new Set(sns).size).toBe(12);
    for (const page of pages) {
      for (const item of page.body.result.pageItems) {
        expect(item.parentOrderMap.updateTime).toBeGreaterThanOrEqual(params.updateAtStart);
      }
    }
    const half = await call('bg.order.list.v2.get', { updateAtStart: nowSeconds - 86_400 });
    expect(half.body).toMatchObject({ success: false, errorCode: 150010003 });
  });

  it('validates goods with the documented codes and keeps them across a restart', async () => {
    const goods = {
      goodsBasic: { goodsName: 'Phone case', catId: 25101, outGoodsSn: 'CASE-1' },
      goodsServicePromise: {
        shipmentLimitDay: 2,
        fulfillmentType: 1,
        costTemplateId: 'LFT-14523879912320',
      },
      goodsProperty: { goodsProperties: [] },
      skuList: [
        {
          outSkuSn: 'CASE-1',
          quantity: 5,
          price: { basePrice: { amount: '9.99', currency: 'USD' } },
        },
      ],
    };
    const missing = await call('bg.local.goods.add', goods);
    expect(missing.body).toMatchObject({ success: false, errorCode: 150011010 });
    expect(missing.body.errorMsg).toContain('[Material]');
    expect(
      (
        await call('bg.local.goods.add', {
          ...goods,
          goodsBasic: { ...goods.goodsBasic, catId: 25001 },
        })
      ).body.errorCode,
    ).toBe(150010124);
    const material = { templatePid: 1001, pid: 1, refPid: 11, vid: 5001, value: 'Plastic' };
    const added = await call('bg.local.goods.add', {
      ...goods,
      goodsProperty: { goodsProperties: [material] },
    });
    const goodsId = added.body.result.goodsId;

    const restarted = createTemuSimulator({
      now: () => new Date(NOW),
      stateFile: join(stateDir, 'temu.json'),
    });
    const server = await startSimulator(restarted);
    try {
      const token = sim.grant(MALL, 'US').accessToken;
      const res = await post(
        signed(
          'bg.local.goods.list.query',
          { pageNo: 1, pageSize: 10, goodsSearchType: 1, goodsStatusFilterType: 1 },
          token,
        ),
        `${server.url}/openapi/router`,
      );
      const body = (await res.json()) as Record<string, any>;
      expect(body.result.goodsList.map((g: any) => g.goodsId)).toEqual([goodsId]);
    } finally {
      await server.close();
    }
  });
});

describe('Temu simulator cross-border products (temu.goods.list.get)', () => {
  const product = (code: string) => ({
    productName: `Case ${code}`,
    cat1Id: 25101,
    productPropertyReqs: [{ templatePid: 1001, pid: 1, vid: 5001, propValue: 'Plastic' }],
    productSkcReqs: [
      {
        extCode: code,
        productSkuReqs: [{ extCode: `${code}-S`, currencyType: 'USD', supplierPrice: 999 }],
      },
    ],
    productSemiManagedReq: { bindSiteIds: [100] },
  });

  it('finds a product by its SKC code, pages with the documented defaults and refuses bad pages', async () => {
    const made = await call('temu.goods.add', product('XB-FIND'));
    expect(made.body.success).toBe(true);
    await call('temu.goods.add', product('XB-OTHER'));

    const found = await call('temu.goods.list.get', { skcExtCode: 'XB-FIND' });
    expect(found.body.result).toEqual({
      totalCount: 1,
      data: [
        {
          productId: made.body.result.productId,
          productName: 'Case XB-FIND',
          createdAt: nowSeconds,
          bindSiteIds: [{ siteId: 100 }],
          productSkuSummaries: [{ productSkuId: expect.any(Number), extCode: 'XB-FIND-S' }],
        },
      ],
    });
    expect((await call('temu.goods.list.get', { skcExtCode: 'XB' })).body.result.totalCount).toBe(
      0,
    );
    const all = await call('temu.goods.list.get', { pageSize: 1, page: 2 });
    expect(all.body.result.totalCount).toBeGreaterThanOrEqual(2);
    expect(all.body.result.data).toHaveLength(1);

    for (const bad of [{ pageSize: 0 }, { pageSize: 101 }, { page: 0 }, { skcExtCode: 7 }]) {
      const refused = await call('temu.goods.list.get', bad);
      expect(refused.body).toMatchObject({ success: false, errorCode: 150010003 });
    }
  });
});

describe('Temu simulator orders', () => {
  it('numbers orders uniquely across malls, even orders of the same millisecond', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    // Two malls with an order placed at the same millisecond (1793327411575).
    const pace = { historyDays: 2, historyEveryMinutes: 5 };
    const goods = { nextId: 1, goods: [] };
    const first = mallOrders(goods, '634418210004', {}, now, pace);
    const second = mallOrders(goods, '634418210013', {}, now, pace);
    expect(first.length).toBeGreaterThan(100);
    const taken = new Set(first.map((o) => o.parentOrderSn));
    expect(second.filter((o) => taken.has(o.parentOrderSn))).toEqual([]);
    // A shipment confirmed for one mall's order does not ship the other mall's.
    const order = first.find((o) => o.order.createdAt.getTime() === 1793327411575)!;
    const shipped = { [order.parentOrderSn]: { at: 1, carrierId: '1', trackingNumber: 'T1' } };
    expect(mallOrders(goods, '634418210004', shipped, now, pace)).toContainEqual(
      expect.objectContaining({ parentOrderSn: order.parentOrderSn, status: 4 }),
    );
    const again = mallOrders(goods, '634418210013', shipped, now, pace);
    expect(again.map((o) => o.status)).toEqual(second.map((o) => o.status));
  });
});
