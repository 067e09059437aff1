import { eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderLogs, orderRefunds, orders, orderSkuRelations } from '../src/db/schema.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let store: number;
let otherStore: number;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  store = await storeFor(t.database.db, seller.sellerId, { alias: 'Docs store' });
  otherStore = await storeFor(t.database.db, other.sellerId);
});
afterAll(async () => {
  await t?.close();
});

const post = (
  path: string,
  body: unknown,
  token = seller.token,
  headers?: Record<string, string>,
) => call(t.app, 'POST', `/api/cw-order/${path}`, { token, body, headers });
const postPdf = (path: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/cw-order/${path}`,
    headers: { authorization: `Bearer ${seller.token}` },
    payload: body as object,
  });
const get = (path: string, query: Record<string, string>, token = seller.token) =>
  call(t.app, 'GET', `/api/cw-order/${path}`, { token, query });
const logsOf = (orderId: number) =>
  t.database.db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId));
const rowOf = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const setLogistics = (id: number, tracking: string | null, status = 30) =>
  t.database.db
    .update(orders)
    .set({ trackingNumber: tracking, logisticsChannelId: 2, status })
    .where(eq(orders.id, id));

describe('customs', () => {
  it('fills a first open from the matched product and saves what the seller checked', async () => {
    const db = t.database.db;
    const product = await productFor(db, seller.sellerId, {
      weightG: 250,
      skus: [{ color: 'Black', size: 'M', costMinor: 900, stock: 10 }],
    });
    const o = await orderFor(db, seller.sellerId, store, {
      items: [
        { sku: product.skus[0]!.code.toLowerCase(), quantity: 2, lineMinor: 2000 },
        { sku: 'UNKNOWN-SKU', quantity: 1, lineMinor: 500 },
      ],
    });
    const res = await get('get-order-customs', { id: String(o.id) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second] = res.body.data.items;
    expect(first).toMatchObject({
      item_id: o.itemIds[0],
      name_en: 'Blank tee',
      name_cn: 'Blank tee',
      hs_code: null,
      value_minor: 1000,
      currency: 'USD',
      weight_g: 250,
      origin_country: 'CN',
      saved: false,
    });
    expect(second).toMatchObject({ weight_g: null, name_cn: null, value_minor: 500 });
    expect(res.body.data.editable).toBe(true);

    const bad = await post('edit-order-customs', {
      id: o.id,
      items: [
        {
          item_id: o.itemIds[0],
          name_en: 'T恤',
          name_cn: '',
          hs_code: '61',
          value_minor: 0,
          weight_g: 0,
        },
        {
          item_id: o.itemIds[1],
          name_en: 'Mug',
          name_cn: '杯子',
          hs_code: '6912000000',
          value_minor: 300,
          weight_g: 100_001,
        },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual([
      'items.0.hs_code',
      'items.0.name_cn',
      'items.0.name_en',
      'items.0.value_minor',
      'items.0.weight_g',
      'items.1.weight_g',
    ]);

    const good = {
      item_id: o.itemIds[0],
      name_en: 'Cotton T-shirt',
      name_cn: '棉质T恤',
      hs_code: '610910',
      value_minor: 850,
      weight_g: 240,
      origin_country: 'cn',
    };
    const saved = await post('edit-order-customs', { id: o.id, items: [good] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.items[0]).toMatchObject({
      ...good,
      origin_country: 'CN',
      currency: 'USD',
      saved: true,
    });
    expect(saved.body.data.items[1].saved).toBe(false);
    const again = await get('get-order-customs', { id: String(o.id) });
    expect(again.body.data.items[0]).toMatchObject({ hs_code: '610910', saved: true });
    expect((await logsOf(o.id)).map((l) => l.action)).toContain('customs');

    // Another order's item, and a status that no longer takes customs.
    const o2 = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'X', quantity: 1, lineMinor: 100 }],
    });
    const foreignItem = await post('edit-order-customs', {
      id: o2.id,
      items: [good],
    });
    expect(foreignItem.status).toBe(422);
    expect(foreignItem.body.data.fields).toHaveProperty(['items.0.item_id']);
    const shipped = await orderFor(db, seller.sellerId, store, {
      status: 50,
      items: [{ sku: 'X', quantity: 1, lineMinor: 100 }],
    });
    const refused = await post('edit-order-customs', {
      id: shipped.id,
      items: [{ ...good, item_id: shipped.itemIds[0] }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data.allowed).not.toContain('edit_customs');
  });

  it("answers 404 for another seller's order", async () => {
    const foreign = await orderFor(t.database.db, other.sellerId, otherStore, {
      items: [{ sku: 'F', quantity: 1, lineMinor: 100 }],
    });
    expect((await get('get-order-customs', { id: String(foreign.id) })).status).toBe(404);
    const res = await post('edit-order-customs', {
      id: foreign.id,
      items: [
        {
          item_id: foreign.itemIds[0],
          name_en: 'Hat',
          name_cn: '帽子',
          hs_code: '650500',
          value_minor: 100,
          weight_g: 50,
        },
      ],
    });
    expect(res.status).toBe(404);
    expect(await logsOf(foreign.id)).toHaveLength(0);
    expect((await get('get-order-customs', { id: 'abc' })).status).toBe(422);
  });
});

describe('shipping labels', () => {
  it('prints one 100 x 150 mm page per order, with any buyer name', async () => {
    const db = t.database.db;
    const a = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'LBL-1', quantity: 3, lineMinor: 3000 }],
    });
    const b = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'LBL-2', quantity: 1, lineMinor: 900 }],
    });
    await setLogistics(a.id, '4PX3001234567890CN');
    await setLogistics(b.id, '4PX3001234567891CN', 40);
    await db
      .update(orders)
      .set({
        address: {
          name: '王小明 Zoë',
          phone: '+86 138 0000 0000',
          line1: '北京市朝阳区建国路 1 号',
          line2: '',
          city: '北京',
          state: '',
          postal_code: '100000',
          country_code: 'CN',
        },
      })
      .where(eq(orders.id, b.id));

    const check = await post('label-check', { ids: [a.id, b.id] });
    expect(check.status).toBe(200);
    expect(check.body.data.map((r: { ready: boolean }) => r.ready)).toEqual([true, true]);

    await db
      .update(orders)
      .set({
        address: {
          name: 'สมชาย ใจดี',
          phone: '',
          line1: '99 ถนนสุขุมวิท',
          line2: '',
          city: 'กรุงเทพมหานคร',
          state: '',
          postal_code: '10110',
          country_code: 'TH',
        },
      })
      .where(eq(orders.id, a.id));

    const res = await postPdf('print-label', { ids: [a.id, b.id] });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Chinese and Thai names print in embedded Noto fonts, cut down to the label's characters.
    const pdf = await PDFDocument.load(res.rawPayload);
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .flatMap(([, o]) => (o instanceof PDFDict ? [o.get(PDFName.of('BaseFont'))] : []))
      .filter((name) => name instanceof PDFName)
      .map((name) => name.decodeText().replace(/-\d+$/, ''));
    expect(new Set(fonts)).toEqual(
      new Set([
        'NotoSansHans-Regular',
        'NotoSansHans-Bold',
        'NotoSansThai-Regular',
        'NotoSansThai-Bold',
      ]),
    );
    expect(res.rawPayload.length).toBeLessThan(60_000);
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      expect(width).toBeCloseTo(283.46, 1);
      expect(height).toBeCloseTo(425.2, 1);
    }
    expect((await logsOf(a.id)).map((l) => l.action)).toContain('label');
  });

  it('refuses orders without tracking or address, or leaves them out when asked', async () => {
    const db = t.database.db;
    const ready = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'LBL-3', quantity: 1, lineMinor: 100 }],
    });
    await setLogistics(ready.id, 'LP00123456789012');
    const noTracking = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'LBL-4', quantity: 1, lineMinor: 100 }],
    });
    const noAddress = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'LBL-5', quantity: 1, lineMinor: 100 }],
    });
    await setLogistics(noAddress.id, 'LP00123456789013');
    await db.update(orders).set({ address: null }).where(eq(orders.id, noAddress.id));

    const ids = [ready.id, noTracking.id, noAddress.id];
    const check = await post('label-check', { ids });
    expect(check.body.data.map((r: { problems: string[] }) => r.problems)).toEqual([
      [],
      ['no_tracking', 'status'],
      ['no_address'],
    ]);
    const refused = await post('print-label', { ids });
    expect(refused.status).toBe(409);
    expect(refused.body.data.orders.map((o: { id: number }) => o.id)).toEqual([
      noTracking.id,
      noAddress.id,
    ]);
    expect((await logsOf(ready.id)).map((l) => l.action)).not.toContain('label');

    const skipped = await postPdf('print-label', { ids, skip_missing: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.headers['x-skipped-orders']).toBe(`${noTracking.id},${noAddress.id}`);
    expect((await PDFDocument.load(skipped.rawPayload)).getPageCount()).toBe(1);

    const none = await post('print-label', { ids: [noTracking.id], skip_missing: true });
    expect(none.status).toBe(409);
  });

  it("answers 404 for another seller's order and 422 for a bad batch", async () => {
    const foreign = await orderFor(t.database.db, other.sellerId, otherStore, {
      items: [{ sku: 'F', quantity: 1, lineMinor: 100 }],
    });
    await setLogistics(foreign.id, 'LP00123456789099');
    expect((await post('print-label', { ids: [foreign.id] })).status).toBe(404);
    expect((await post('label-check', { ids: [foreign.id] })).status).toBe(404);
    const tooMany = await post('print-label', {
      ids: Array.from({ length: 201 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.data.fields).toHaveProperty('ids');
    expect((await post('print-label', { ids: [] })).status).toBe(422);
  });
});

describe('SKU relations', () => {
  it('lists unmatched SKUs, relates them, and add-cart follows the relation', async () => {
    const db = t.database.db;
    const buyer = await createSeller(db);
    const buyerStore = await storeFor(db, buyer.sellerId);
    const product = await productFor(db, buyer.sellerId, {
      skus: [{ color: 'Red', size: 'S', costMinor: 800, stock: 20 }],
    });
    const [red] = product.skus;
    const mk = (sku: string, status = 10) =>
      orderFor(db, buyer.sellerId, buyerStore, {
        status,
        items: [{ sku, quantity: 2, lineMinor: 100 }],
      });
    const o1 = await mk('AMZ-RED-S');
    await mk('amz-red-s');
    await mk('AMZ-BLUE');
    await mk('AMZ-GONE', 50);
    await mk(red!.code);

    const unmatched = await get('relation-unmatched', {}, buyer.token);
    expect(unmatched.status).toBe(200);
    expect(unmatched.body.data).toEqual([
      expect.objectContaining({ sku: 'AMZ-RED-S', order_count: 2, quantity: 4 }),
      expect.objectContaining({ sku: 'AMZ-BLUE', order_count: 1 }),
    ]);

    // Another seller's finished SKU cannot be the target.
    const foreignProduct = await productFor(db, other.sellerId, {
      skus: [{ color: 'Red', size: 'S', costMinor: 800, stock: 20 }],
    });
    const foreignSave = await post(
      'relation-save',
      { marketplace_sku: 'AMZ-RED-S', finished_sku_id: foreignProduct.skus[0]!.id },
      buyer.token,
    );
    expect(foreignSave.status).toBe(404);
    const empty = await post(
      'relation-save',
      { marketplace_sku: ' ', finished_sku_id: red!.id },
      buyer.token,
    );
    expect(empty.status).toBe(422);
    expect(empty.body.data.fields).toHaveProperty('marketplace_sku');

    const saved = await post(
      'relation-save',
      { marketplace_sku: 'AMZ-RED-S', finished_sku_id: red!.id },
      buyer.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      marketplace_sku: 'AMZ-RED-S',
      finished_sku_code: red!.code,
    });
    // Saving the same SKU again (any case) updates the one relation.
    const resaved = await post(
      'relation-save',
      { marketplace_sku: 'amz-red-s', finished_sku_id: red!.id },
      buyer.token,
    );
    expect(resaved.body.data.id).toBe(saved.body.data.id);

    const after = await get('relation-unmatched', {}, buyer.token);
    expect(after.body.data.map((u: { sku: string }) => u.sku)).toEqual(['AMZ-BLUE']);
    const list = await get('relation-list', { keyword: 'red' }, buyer.token);
    expect(list.body.data.pagination.total).toBe(1);
    expect(
      (await get('relation-list', { keyword: 'nothing' }, buyer.token)).body.data.list,
    ).toEqual([]);
    const search = await get(
      'relation-sku-search',
      { keyword: red!.code.slice(0, 6) },
      buyer.token,
    );
    expect(search.body.data.map((s: { id: number }) => s.id)).toContain(red!.id);

    const cart = await post('add-cart', { ids: [o1.id] }, buyer.token);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect(cart.body.data.items[0]).toMatchObject({ ok: true, sku_id: red!.id });
    const lines = await db.select().from(cartItems).where(eq(cartItems.sellerId, buyer.sellerId));
    expect(lines.map((l) => l.skuId)).toEqual([red!.id]);

    // Delete: per-id results, another seller's relation is "not found" and stays.
    const otherRelation = await post(
      'relation-save',
      { marketplace_sku: 'X-1', finished_sku_id: foreignProduct.skus[0]!.id },
      other.token,
    );
    const del = await post(
      'relation-delete',
      { ids: [saved.body.data.id, otherRelation.body.data.id] },
      buyer.token,
    );
    expect(del.body.data.results).toEqual([
      { id: saved.body.data.id, ok: true, reason: null },
      { id: otherRelation.body.data.id, ok: false, reason: 'Not found' },
    ]);
    const left = await db.select().from(orderSkuRelations);
    expect(left.map((r) => r.id)).toContain(otherRelation.body.data.id);
    expect(left.map((r) => r.id)).not.toContain(saved.body.data.id);
    expect((await post('relation-delete', { ids: [] }, buyer.token)).status).toBe(422);
  });
});

describe('al-refund', () => {
  const key = (k: string) => ({ 'idempotency-key': `refund-${k}-0001` });

  it('refunds once, cancels the order and replays the same key', async () => {
    const db = t.database.db;
    const o = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'RF-1', quantity: 1, lineMinor: 2599 }],
      extraMinor: 400,
    });
    const noKey = await post('al-refund', { id: o.id, reason: 'Buyer asked' });
    expect(noKey.status).toBe(422);
    const noReason = await post('al-refund', { id: o.id, reason: '' }, seller.token, key('a'));
    expect(noReason.status).toBe(422);
    expect(noReason.body.data.fields).toHaveProperty('reason');

    const first = await post(
      'al-refund',
      { id: o.id, reason: 'Buyer asked' },
      seller.token,
      key('b'),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ amount_minor: 2999, currency: 'USD', mode: 'local' });
    const row = await rowOf(o.id);
    expect(row.status).toBe(60);
    expect(row.orderStatus).toBe('canceled');

    const replay = await post(
      'al-refund',
      { id: o.id, reason: 'Buyer asked' },
      seller.token,
      key('b'),
    );
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(first.body.data.id);
    const second = await post('al-refund', { id: o.id, reason: 'Again' }, seller.token, key('c'));
    expect(second.status).toBe(409);
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, o.id));
    expect(refunds).toHaveLength(1);
    const logs = (await logsOf(o.id)).filter((l) => l.action === 'refund');
    expect(logs).toHaveLength(1);
    expect(logs[0]!.detail).toMatchObject({ mode: 'local', amount_minor: 2999 });
  });

  it('follows the transition table and hides other sellers’ orders', async () => {
    const db = t.database.db;
    const shipped = await orderFor(db, seller.sellerId, store, {
      status: 50,
      items: [{ sku: 'RF-2', quantity: 1, lineMinor: 100 }],
    });
    const refused = await post(
      'al-refund',
      { id: shipped.id, reason: 'Late' },
      seller.token,
      key('d'),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.data.allowed).not.toContain('refund');
    expect((await rowOf(shipped.id)).status).toBe(50);

    const foreign = await orderFor(db, other.sellerId, otherStore, {
      items: [{ sku: 'F', quantity: 1, lineMinor: 100 }],
    });
    const res = await post('al-refund', { id: foreign.id, reason: 'x' }, seller.token, key('e'));
    expect(res.status).toBe(404);
    expect((await rowOf(foreign.id)).status).toBe(10);
  });
});

describe('update logistics in bulk', () => {
  it('applies good rows and reports each bad one with its row number', async () => {
    const db = t.database.db;
    const a = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'UL-1', quantity: 1, lineMinor: 100 }],
    });
    const b = await orderFor(db, seller.sellerId, store, {
      items: [{ sku: 'UL-2', quantity: 1, lineMinor: 100 }],
    });
    const shipped = await orderFor(db, seller.sellerId, store, {
      status: 50,
      items: [{ sku: 'UL-3', quantity: 1, lineMinor: 100 }],
    });
    const foreign = await orderFor(db, other.sellerId, otherStore, {
      items: [{ sku: 'F', quantity: 1, lineMinor: 100 }],
    });
    // Results are written in the asker's language.
    const rows = {
      rows: [
        { seller_order_id: a.number, channel: '4px-gp', shipped_number: '4PX3001234567890CN' },
        { seller_order_id: 'NOPE-1', channel: '4PX-GP', shipped_number: '4PX3001234567891CN' },
        {
          seller_order_id: foreign.number,
          channel: '4PX-GP',
          shipped_number: '4PX3001234567892CN',
        },
        { seller_order_id: b.number, channel: 'NO-SUCH', shipped_number: '4PX3001234567893CN' },
        { seller_order_id: b.number, channel: 'CAINIAO-SS', shipped_number: 'bad' },
        { seller_order_id: a.number, channel: '3', shipped_number: 'LP00123456789012' },
        { seller_order_id: shipped.number, channel: '3', shipped_number: 'LP00123456789013' },
        { seller_order_id: ' ', channel: '3', shipped_number: 'LP00123456789014' },
      ],
    };
    const res = await post('update-logistics', rows, seller.token, { 'accept-language': 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.data.results;
    expect(results.map((r: { row: number; ok: boolean }) => [r.row, r.ok])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [7, false],
      [8, false],
    ]);
    expect(results[1].reason).toBe('Order not found');
    expect(results[2].reason).toBe('Order not found');
    expect(results[3].reason).toMatch(/Unknown logistics channel/);
    expect(results[4].reason).toMatch(/tracking number/);
    expect(results[5].reason).toBe('Listed already in row 1');
    expect(results[6].reason).toMatch(/not allowed/);
    const zh = await post('update-logistics', rows, seller.token, { 'accept-language': 'zh-CN' });
    expect(zh.body.data.results[1].reason).toBe('找不到订单');
    expect(zh.body.data.results[3].reason).toBe('未知物流渠道“NO-SUCH”');
    expect(res.body.data).toMatchObject({ applied: 1, failed: 7 });
    const row = await rowOf(a.id);
    expect(row).toMatchObject({
      status: 30,
      trackingNumber: '4PX3001234567890CN',
      logisticsChannelId: 2,
    });
    expect((await rowOf(b.id)).trackingNumber).toBeNull();
    expect((await rowOf(foreign.id)).trackingNumber).toBeNull();

    expect((await post('update-logistics', { rows: [] })).status).toBe(422);
    const tooMany = Array.from({ length: 2001 }, () => ({
      seller_order_id: 'x',
      channel: '3',
      shipped_number: 'y',
    }));
    expect((await post('update-logistics', { rows: tooMany })).status).toBe(422);
  });
});
