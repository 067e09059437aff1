import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../http.ts';
import { SIM_SHOPEE_DEFAULTS, type MarketSimulator } from '../market.ts';
import { createShopeeSimulator } from './server.ts';
import { shopeeSign } from './signing.ts';

// The simulator's own checks, driven with hand-signed requests (reference 3.2, 3.5, 3.7).
const { partnerId, partnerKey } = SIM_SHOPEE_DEFAULTS;
const SHOP = 322300222;
let clock = new Date('2026-03-01T00:00:00Z');
const ts = () => Math.floor(clock.getTime() / 1000);
let sim: MarketSimulator;
let running: RunningSimulator;
let token: string;

function shopUrl(
  path: string,
  query: Record<string, string> = {},
  over: Record<string, string> = {},
) {
  const timestamp = over.timestamp ?? String(ts());
  const accessToken = over.access_token ?? token;
  const sign = over.sign ?? shopeeSign(partnerKey, partnerId, path, timestamp, accessToken, SHOP);
  const params = new URLSearchParams({
    partner_id: String(partnerId),
    timestamp,
    access_token: accessToken,
    shop_id: String(SHOP),
    sign,
    ...query,
  });
  return `${running.url}${path}?${params}`;
}

async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

beforeAll(async () => {
  sim = createShopeeSimulator({ now: () => clock, accessTokenTtlSeconds: 600 });
  running = await startSimulator(sim);
});
afterAll(() => running.close());
beforeEach(() => {
  clock = new Date('2026-03-01T00:00:00Z');
  token = sim.grant(String(SHOP), 'SG').accessToken;
});

describe('signature and token checks', () => {
  it('answers a signed call in the common envelope', async () => {
    const { status, body } = await json(shopUrl('/api/v2/logistics/get_channel_list'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ error: '', message: '', request_id: expect.any(String) });
    expect(body.response.logistics_channel_list).toHaveLength(3);
  });

  it('refuses a wrong sign, a stale timestamp, a missing token and an expired token', async () => {
    const wrong = await json(
      shopUrl('/api/v2/logistics/get_channel_list', {}, { sign: 'a'.repeat(64) }),
    );
    expect(wrong).toMatchObject({
      status: 403,
      body: { error: 'error_sign', message: 'Wrong sign.' },
    });

    const stale = String(ts() - 301);
    const old = await json(shopUrl('/api/v2/logistics/get_channel_list', {}, { timestamp: stale }));
    expect(old.body).toMatchObject({ error: 'error_param', message: 'Timestamp is expired.' });

    const url = new URL(shopUrl('/api/v2/logistics/get_channel_list'));
    url.searchParams.delete('access_token');
    expect((await json(url.toString())).body.message).toBe('There is no access_token in query.');

    clock = new Date(clock.getTime() + 601_000);
    const expired = await json(shopUrl('/api/v2/logistics/get_channel_list'));
    expect(expired).toMatchObject({ status: 403, body: { error: 'invalid_acceess_token' } });
  });

  it('refuses a token of another shop and an unknown path', async () => {
    const other = sim.grant('322300223', 'MY').accessToken;
    const path = '/api/v2/logistics/get_channel_list';
    const sign = shopeeSign(partnerKey, partnerId, path, ts(), other, SHOP);
    const res = await json(shopUrl(path, {}, { access_token: other, sign }));
    expect(res.body).toMatchObject({
      error: 'error_auth',
      message: 'Invalid partner_id or shopid.',
    });
    expect((await json(shopUrl('/api/v2/product/nope'))).status).toBe(404);
  });

  it('refuses an expired consent link', async () => {
    const timestamp = ts() - 301;
    const sign = shopeeSign(partnerKey, partnerId, '/api/v2/shop/auth_partner', timestamp);
    const res = await fetch(
      `${running.url}/api/v2/shop/auth_partner?partner_id=${partnerId}&timestamp=${timestamp}&sign=${sign}&redirect=http%3A%2F%2Fa.test%2F`,
    );
    expect(await res.json()).toMatchObject({
      error: 'error_param',
      message: 'Timestamp is expired.',
    });
  });
});

describe('order list', () => {
  const list = (query: Record<string, string>) =>
    json(
      shopUrl('/api/v2/order/get_order_list', {
        time_range_field: 'update_time',
        time_from: String(ts() - 2 * 86_400),
        time_to: String(ts()),
        page_size: '20',
        ...query,
      }),
    );

  it('pages with more / next_cursor until the end', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const { body } = await list({ cursor, response_optional_fields: 'order_status' });
      pages++;
      seen.push(...body.response.order_list.map((o: { order_sn: string }) => o.order_sn));
      expect(body.response.order_list[0].order_status).toEqual(expect.any(String));
      if (!body.response.more) break;
      cursor = body.response.next_cursor;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen[0]).toMatch(/^\d{6}[0-9A-Z]{8}$/);
  });

  it('refuses a range over 15 days and a page size over 100', async () => {
    const wide = await list({ time_from: String(ts() - 16 * 86_400) });
    expect(wide.body.error).toBe('order.order_list_invalid_time');
    expect((await list({ page_size: '101' })).body.error).toBe('error_param');
  });

  it('sets an order note (set_note) and shows it in the detail; refuses a missing note', async () => {
    const { body } = await list({});
    const sn: string = body.response.order_list[0].order_sn;
    const post = (payload: unknown) =>
      json(shopUrl('/api/v2/order/set_note'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    expect((await post({ order_sn: sn, note: 'fragile' })).body.error).toBe('');
    const detail = await json(
      shopUrl('/api/v2/order/get_order_detail', {
        order_sn_list: sn,
        response_optional_fields: 'note,note_update_time',
      }),
    );
    expect(detail.body.response.order_list[0]).toMatchObject({
      note: 'fragile',
      note_update_time: ts(),
    });
    expect((await post({ order_sn: sn })).body.error).toBe('error_param');
    expect((await post({ order_sn: 'NOPE', note: 'x' })).body.error).toBe('error_not_found');
  });

  it('completes shipped orders after a week and answers their escrow with the fees', async () => {
    const statuses = new Map<string, string>();
    // Orders updated today ship; those updated 9 days ago were completed then.
    for (const day of [0, 9]) {
      const { body } = await list({
        time_from: String(ts() - (day + 1) * 86_400),
        time_to: String(ts() - day * 86_400),
        page_size: '100',
        response_optional_fields: 'order_status',
      });
      for (const o of body.response.order_list) statuses.set(o.order_sn, o.order_status);
    }
    const completed = [...statuses].find(([, status]) => status === 'COMPLETED')?.[0];
    expect(completed).toBeDefined();
    expect([...statuses.values()]).toContain('SHIPPED');
    const detail = await json(
      shopUrl('/api/v2/order/get_order_detail', {
        order_sn_list: completed!,
        response_optional_fields: 'total_amount',
      }),
    );
    const total: number = detail.body.response.order_list[0].total_amount;
    const escrow = await json(
      shopUrl('/api/v2/payment/get_escrow_detail', { order_sn: completed! }),
    );
    expect(escrow.body.error).toBe('');
    const income = escrow.body.response.order_income;
    // 6% commission, 2% service and 2% transaction fee of the items' price, each to the cent.
    const cents = Math.round(total * 100);
    expect(Math.round(income.commission_fee * 100)).toBe(Math.round(cents * 0.06));
    expect(Math.round(income.service_fee * 100)).toBe(Math.round(cents * 0.02));
    expect(Math.round(income.seller_transaction_fee * 100)).toBe(Math.round(cents * 0.02));
    expect(income.buyer_total_amount).toBe(total);
    const missing = await json(shopUrl('/api/v2/payment/get_escrow_detail', { order_sn: 'NOPE' }));
    expect(missing.body.error).toBe('error_not_found');
  });
});

describe('faults', () => {
  it('answers queued 429s with the throttle body, then serves again', async () => {
    sim.faults.failNext({ status: 429 });
    const throttled = await json(shopUrl('/api/v2/product/get_category'));
    expect(throttled).toMatchObject({ status: 429, body: { error: 'error_rate_limit' } });
    sim.faults.failNext({ status: 503 });
    expect((await json(shopUrl('/api/v2/product/get_category'))).body.error).toBe('error_server');
    expect((await json(shopUrl('/api/v2/product/get_category'))).status).toBe(200);
  });
});

describe('state file', () => {
  it('keeps uploaded images, items and tokens across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'shopee-sim-')), 'shopee.json');
    const first = createShopeeSimulator({ now: () => clock, stateFile });
    const server = await startSimulator(first);
    const grant = first.grant(String(SHOP), 'SG');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const uploadPath = '/api/v2/media_space/upload_image';
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'a.png');
    const upload = await json(
      `${server.url}${uploadPath}?partner_id=${partnerId}&timestamp=${ts()}&sign=${shopeeSign(partnerKey, partnerId, uploadPath, ts())}`,
      { method: 'POST', body: form },
    );
    const imageId = upload.body.response.image_info.image_id as string;
    const addPath = '/api/v2/product/add_item';
    const signed = (path: string) =>
      `?partner_id=${partnerId}&timestamp=${ts()}&access_token=${grant.accessToken}&shop_id=${SHOP}&sign=${shopeeSign(partnerKey, partnerId, path, ts(), grant.accessToken, SHOP)}`;
    const added = await json(`${server.url}${addPath}${signed(addPath)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        item_name: 'Cable',
        description: 'USB-C',
        original_price: 9.9,
        weight: 0.1,
        category_id: 100022,
        image: { image_id_list: [imageId] },
        logistic_info: [{ logistic_id: 18025, enabled: true }],
        item_sku: 'CABLE',
      }),
    });
    expect(added.body.response.item_status).toBe('NORMAL');
    await server.close();

    const second = await startSimulator(createShopeeSimulator({ now: () => clock, stateFile }));
    const infoPath = '/api/v2/product/get_item_base_info';
    const info = await json(
      `${second.url}${infoPath}${signed(infoPath)}&item_id_list=${added.body.response.item_id}`,
    );
    expect(info.body.response.item_list[0]).toMatchObject({
      item_sku: 'CABLE',
      image: { image_id_list: [imageId] },
    });
    await second.close();
  });
});
