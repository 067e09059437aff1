import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { finishedProducts, jobs, orders } from '../src/db/schema.ts';
import { ORDERS_SHIPMENT_PUSH } from '../src/modules/orders/shipment-push.ts';
import { unzip } from './media.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import * as money from './money.ts';
import { operatorDesk, paidOrder } from './production-fixtures.ts';

let t: TestApp;
let desk: Awaited<ReturnType<typeof operatorDesk>>;
beforeAll(async () => {
  t = await buildTestApp();
  desk = await operatorDesk(t);
});
afterAll(() => t?.close());

const YANWEN = { carrier_code: 'YANWEN-SL', tracking_no: 'UG123456789YP' };

describe('the production desk', () => {
  it('accepts, produces and ships in two packages; the marketplace order takes the tracking', async () => {
    const { order, marketOrderId } = await paidOrder(t);
    const queued = await desk.get('page', { status: 'paid', number: order.number });
    expect(queued.body.data.list.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const accepted = await desk.accept([order.id, order.id, 999_999_999]);
    expect(accepted.body.data.results).toEqual([
      { id: order.id, ok: true, status: 'in_production', reason: null },
      { id: 999_999_999, ok: false, status: null, reason: expect.any(String) },
    ]);
    expect((await desk.accept([order.id])).body.data.results[0].ok).toBe(false);
    let info = await desk.info(order.id);
    expect(info.items.every((i: { factory_id: number | null }) => i.factory_id !== null)).toBe(
      true,
    );
    expect((await desk.post('produced', { ids: [order.id] })).body.data.results[0].ok).toBe(true);

    const pushRuns = () => t.database.db.$count(jobs, eq(jobs.kind, ORDERS_SHIPMENT_PUSH));
    const runsBefore = await pushRuns();
    const first = await desk.ship({ id: order.id, ...YANWEN, items: [{ item: 0, quantity: 1 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The tracking goes to the marketplace at once: a push run is queued, not left to the sweep.
    expect(await pushRuns()).toBe(runsBefore + 1);
    expect(first.body.data.status).toBe('partially_shipped');
    expect(
      first.body.data.items.map((i: { shipped_quantity: number }) => i.shipped_quantity),
    ).toEqual([1, 0]);
    const over = await desk.ship({ id: order.id, ...YANWEN, items: [{ item: 0, quantity: 5 }] });
    expect(over.status).toBe(422);
    expect(over.body.data.fields).toHaveProperty(['items.0.quantity']);

    const rest = await desk.ship({
      id: order.id,
      carrier_code: 'yanwen-sl',
      tracking_no: 'ug223456789yp',
    });
    expect(rest.body.data.status).toBe('shipped');
    info = rest.body.data;
    expect(info.packages.map((p: { tracking_no: string }) => p.tracking_no)).toEqual([
      'UG123456789YP',
      'UG223456789YP',
    ]);
    expect(info.log.map((l: { action: string }) => l.action)).toEqual([
      'pay',
      'accept',
      'produce',
      'ship',
      'marketplace_tracking',
      'ship',
      'marketplace_tracking',
    ]);
    expect(info.log.find((l: { action: string }) => l.action === 'accept').actor_kind).toBe(
      'operator',
    );
    expect(info.linked_orders.map((o: { id: number }) => o.id)).toEqual([marketOrderId]);
    const [market] = await t.database.db.select().from(orders).where(eq(orders.id, marketOrderId));
    expect(market!.trackingNumber).toBe('UG223456789YP');
    expect(market!.logisticsChannelId).toBe(1);
    expect(market!.status).toBe(40);

    expect((await desk.ship({ id: order.id, ...YANWEN })).status).toBe(409);
  });

  it('refuses shipping an unpaid or cancelled order (409), an unknown one (404) and bad carriers (422)', async () => {
    const unpaid = await paidOrder(t, { paid: false });
    const res = await desk.ship({ id: unpaid.order.id, ...YANWEN });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('production.not_allowed');
    await money.pay(t, unpaid.seller, '/api/purchase-order/cancel', { id: unpaid.order.id });
    expect((await desk.ship({ id: unpaid.order.id, ...YANWEN })).status).toBe(409);
    expect((await desk.ship({ id: 999_999_999, ...YANWEN })).status).toBe(404);

    const { order } = await paidOrder(t);
    await desk.accept([order.id]);
    const unknown = await desk.ship({ id: order.id, carrier_code: 'NOPE', tracking_no: 'X1234' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toHaveProperty('carrier_code');
    const shape = await desk.ship({
      id: order.id,
      carrier_code: 'YANWEN-SL',
      tracking_no: 'X1234',
    });
    expect(shape.body.data.fields).toHaveProperty('tracking_no');
    const none = await desk.ship({ id: order.id, tracking_no: 'X1234' });
    expect(none.body.data.fields).toHaveProperty('carrier_code');

    // A carrier by name ships, and the marketplace order is told why it got nothing.
    const named = await desk.ship({
      id: order.id,
      carrier_name: 'Local courier',
      tracking_no: 'LC-0001',
    });
    expect(named.body.data.status).toBe('shipped');
    const note = named.body.data.log.find(
      (l: { action: string }) => l.action === 'marketplace_tracking',
    );
    expect(note.params).toMatchObject({ ok: false, reason: 'production.carrier_not_a_channel' });
  });

  it('keeps a seller from cancelling what is in production', async () => {
    const { order, seller } = await paidOrder(t);
    await desk.accept([order.id]);
    const res = await money.pay(t, seller, '/api/purchase-order/cancel', { id: order.id });
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('finance.order_in_production');
  });

  it('resolves an exception by a reprint: the lost package ships again', async () => {
    const { order } = await paidOrder(t);
    await desk.accept([order.id]);
    await desk.ship({ id: order.id, ...YANWEN });
    const flagged = await desk.post('exception', {
      id: order.id,
      reason: 'lost',
      note: 'No scan for 9 days',
    });
    expect(flagged.body.data.status).toBe('exception');
    expect(flagged.body.data.exception).toEqual({ reason: 'lost', note: 'No scan for 9 days' });
    expect((await desk.post('exception', { id: order.id, reason: 'lost' })).status).toBe(409);

    const reprint = await desk.post(
      'resolve',
      { id: order.id, resolution: 'reprint' },
      randomUUID(),
    );
    expect(reprint.status, JSON.stringify(reprint.body)).toBe(200);
    expect(reprint.body.data.status).toBe('in_production');
    expect(reprint.body.data.packages[0].voided_at).not.toBeNull();
    expect(reprint.body.data.exception).toBeNull();
    const again = await desk.ship({
      id: order.id,
      carrier_code: 'YANWEN-SL',
      tracking_no: 'UG323456789YP',
    });
    expect(again.body.data.status).toBe('shipped');
  });

  it('refunds partly and fully through the ledger, once per key, never past the amount', async () => {
    const { order, seller } = await paidOrder(t);
    await desk.accept([order.id]);
    await desk.ship({ id: order.id, ...YANWEN });
    await desk.post('exception', { id: order.id, reason: 'damaged' });
    const before = await money.balanceOf(t, seller.sellerId);

    const key = randomUUID();
    const part = await desk.post(
      'resolve',
      { id: order.id, resolution: 'refund', amount_minor: 1_000 },
      key,
    );
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data.status).toBe('shipped');
    expect(part.body.data.refunded_minor).toBe(1_000);
    const replay = await desk.post(
      'resolve',
      { id: order.id, resolution: 'refund', amount_minor: 1_000 },
      key,
    );
    expect(replay.status).toBe(200);
    expect(await money.balanceOf(t, seller.sellerId)).toBe(before + 1_000);

    const refundKey = randomUUID();
    const tooMuch = await desk.refund(order.id, order.amount_minor, refundKey);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.key).toBe('production.refund_too_much');
    const rest = order.amount_minor - 1_000;
    const full = await desk.refund(order.id, rest);
    expect(full.body.data.status).toBe('refunded');
    const twice = await Promise.all([desk.refund(order.id, 1), desk.refund(order.id, 1)]);
    expect(twice.map((r) => r.status)).toEqual([409, 409]);
    expect(await money.balanceOf(t, seller.sellerId)).toBe(before + order.amount_minor);
    const refunds = await money.ledgerRows(t, seller.sellerId, 'refund');
    expect(refunds.map((r) => r.amountMinor)).toEqual([1_000, rest]);
    expect((await desk.post('refund', { id: order.id, amount_minor: 1 })).status).toBe(422);
  });

  it('shows the seller the new state, packages and log; another seller gets 404', async () => {
    const { order, seller } = await paidOrder(t);
    await desk.accept([order.id]);
    await desk.ship({ id: order.id, ...YANWEN });
    const show = await call(t.app, 'GET', '/api/purchase-order/show', {
      token: seller.token,
      query: { id: String(order.id) },
    });
    expect(show.body.data).toMatchObject({ id: order.id, number: order.number, status: 'shipped' });
    expect(show.body.data.packages[0]).toMatchObject({
      tracking_no: 'UG123456789YP',
      status: 'pending',
    });
    expect(show.body.data.log.length).toBeGreaterThan(2);
    const list = await call(t.app, 'GET', '/api/purchase-order/list', {
      token: seller.token,
      query: { status: 'shipped' },
    });
    expect(list.body.data.list.map((o: { id: number }) => o.id)).toEqual([order.id]);

    const stranger = await money.payer(t);
    const foreign = await call(t.app, 'GET', '/api/purchase-order/show', {
      token: stranger.token,
      query: { id: String(order.id) },
    });
    expect(foreign.status).toBe(404);
  });

  it('keeps sellers and strangers out of /api/sys/production', async () => {
    const seller = await money.payer(t);
    const asSeller = await call(t.app, 'GET', '/api/sys/production/page', { token: seller.token });
    expect(asSeller.status).toBe(403);
    expect((await call(t.app, 'GET', '/api/sys/production/page')).status).toBe(401);
  });

  it('filters the queue by seller, factory and SKU and gives the operator a Production menu', async () => {
    const { order, seller, product } = await paidOrder(t);
    const factories = (await desk.get('factories')).body.data;
    expect(factories.length).toBeGreaterThanOrEqual(2);
    const home = factories.find((f: { is_default: boolean }) => f.is_default).id;
    const other = factories.find((f: { is_default: boolean }) => !f.is_default).id;
    const ids = async (query: Record<string, string>) =>
      (await desk.get('page', query)).body.data.list.map((o: { id: number }) => o.id);
    expect(await ids({ seller_id: String(seller.sellerId) })).toEqual([order.id]);
    expect(await ids({ seller_id: String(seller.sellerId), factory_id: String(home) })).toEqual([
      order.id,
    ]);
    expect(await ids({ seller_id: String(seller.sellerId), factory_id: String(other) })).toEqual(
      [],
    );
    expect(await ids({ sku: product.skus[1]!.code.toLowerCase() })).toEqual([order.id]);

    const menu = await call(t.app, 'GET', '/api/get-menu', { token: desk.token });
    expect(menu.body.data.perms).toEqual(
      expect.arrayContaining([
        'sys:production:list',
        'sys:production:ship',
        'sys:production:refund',
      ]),
    );
  });

  it('prints the pick list (xlsx) and the print files (zip by PO and line)', async () => {
    const { order, product } = await paidOrder(t);
    const key = `design/print-${order.id}.png`;
    await t.storage.put(key, Buffer.from('png bytes'), 'image/png');
    await t.database.db
      .update(finishedProducts)
      .set({
        design: { print_files: [{ side: 'front', url: t.storage.url(key), width: 1, height: 1 }] },
      })
      .where(eq(finishedProducts.id, product.productId));
    await desk.accept([order.id]);
    const ids = `${order.id}`;
    const pick = await t.app.inject({
      method: 'GET',
      url: `/api/sys/production/pick-list?ids=${ids}&token=${desk.token}`,
    });
    expect(pick.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(pick.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[5])).toEqual(
      expect.arrayContaining(product.skus.map((sku) => sku.code)),
    );
    expect(rows[0]).toContain('采购单号');

    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/sys/production/print-files?ids=${ids}`,
      headers: { authorization: `Bearer ${desk.token}` },
    });
    expect(zip.statusCode).toBe(200);
    const lines = (await desk.info(order.id)).items as { sku_code: string }[];
    expect(Object.keys(unzip(zip.rawPayload))).toEqual(
      lines.map((line, n) => `${order.number}/${n + 1}-${line.sku_code}.png`),
    );
    const unknown = await call(t.app, 'GET', '/api/sys/production/pick-list', {
      token: desk.token,
      query: { ids: '999999999' },
    });
    expect(unknown.status).toBe(404);
  });
});
