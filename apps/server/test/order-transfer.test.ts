import ExcelJS from 'exceljs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderItems, orderLogs, orders } from '../src/db/schema.ts';
import { privateObjectKey } from '../src/integrations/object-storage.ts';
import {
  IMPORT_BATCH_ROWS,
  parseAmount,
  parseImportDate,
  runOrderImport,
} from '../src/modules/orders/import.ts';
import { EXPORT_PAGE } from '../src/modules/orders/export.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { uploadTo } from './media.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let storeA: number;
let storeB: number;

beforeAll(async () => {
  t = await buildTestApp({ jobs: true });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  storeA = await storeFor(t.database.db, seller.sellerId, { alias: 'Transfer A' });
  storeB = await storeFor(t.database.db, seller.sellerId, { alias: 'Transfer B' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, token = seller.token) =>
  call(t.app, 'POST', `/api/cw-order/${path}`, { token, body });

async function waitForJob(id: string, token = seller.token) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await call(t.app, 'GET', `/api/jobs/${id}`, { token });
    if (res.status !== 200 || ['succeeded', 'failed'].includes(res.body.data.status)) return res;
    if (Date.now() > until) throw new Error(`job ${id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function download(url: string, token = seller.token) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  return res;
}

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Uploads as an English reader: the import's messages come back in the asker's language. */
const upload = (
  path: string,
  text: string | Buffer,
  filename = 'orders.csv',
  token = seller.token,
  language = 'en',
) =>
  uploadTo(
    t.app,
    `/api/cw-order/${path}`,
    token,
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    filename,
    {},
    { 'accept-language': language },
  );

describe('export templates', () => {
  it('answers the column catalogue with zh and en labels and defaults', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/cw-order/get-common-export', {
      token: seller.token,
    });
    expect(status).toBe(200);
    const keys = body.data.columns.map((c: { key: string }) => c.key);
    for (const key of ['order_number', 'store', 'total', 'country', 'sku', 'line_total', 'memo']) {
      expect(keys).toContain(key);
    }
    expect(body.data.columns.find((c: { key: string }) => c.key === 'sku')).toMatchObject({
      level: 'item',
      label_zh: 'SKU',
    });
    expect(body.data.templates).toEqual([]);
  });

  it('saves, renames, lists and deletes a template; another seller cannot touch it', async () => {
    const saved = await post('export-template-save', {
      name: 'Finance',
      columns: ['order_number', 'total', 'currency'],
      one_row_per: 'order',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Finance',
      columns: ['order_number', 'total', 'currency'],
    });
    const id = saved.body.data.id;

    const dup = await post('export-template-save', { name: 'Finance', columns: ['order_number'] });
    expect(dup.status).toBe(409);

    const renamed = await post('export-template-save', {
      id,
      name: 'Finance 2',
      columns: ['total', 'order_number'],
      one_row_per: 'item',
    });
    expect(renamed.body.data).toMatchObject({
      id,
      name: 'Finance 2',
      columns: ['total', 'order_number'],
      one_row_per: 'item',
    });

    const foreign = await post('export-template-delete', { id }, other.token);
    expect(foreign.status).toBe(404);
    const foreignEdit = await post(
      'export-template-save',
      { id, name: 'X', columns: ['total'] },
      other.token,
    );
    expect(foreignEdit.status).toBe(404);

    const list = await call(t.app, 'GET', '/api/cw-order/get-common-export', {
      token: seller.token,
    });
    expect(list.body.data.templates.map((x: { name: string }) => x.name)).toEqual(['Finance 2']);
    expect((await post('export-template-delete', { id })).status).toBe(200);
    expect((await post('export-template-delete', { id })).status).toBe(404);
  });

  it('refuses unknown or repeated columns and an empty name with 422 naming the field', async () => {
    const unknown = await post('export-template-save', {
      name: 'A',
      columns: ['order_number', 'nope'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toHaveProperty('columns.1');
    const repeated = await post('export-template-save', { name: 'A', columns: ['total', 'total'] });
    expect(repeated.status).toBe(422);
    const empty = await post('export-template-save', { name: ' ', columns: ['total'] });
    expect(empty.status).toBe(422);
    expect(empty.body.data.fields).toHaveProperty('name');
  });
});

describe('order export', () => {
  let ids: number[];
  beforeAll(async () => {
    const db = t.database.db;
    const foreignStore = await storeFor(db, other.sellerId);
    await orderFor(db, other.sellerId, foreignStore, {
      items: [{ sku: 'FOREIGN', quantity: 1, lineMinor: 100 }],
    });
    const day = (n: number) => new Date(Date.UTC(2026, 2, n, 8));
    ids = [];
    for (let n = 1; n <= 5; n += 1) {
      const o = await orderFor(db, seller.sellerId, n <= 3 ? storeA : storeB, {
        purchasedAt: day(n),
        channel: n === 2 ? 'AFN' : 'MFN',
        items: [
          { sku: `EXP-${n}-A`, quantity: 1, lineMinor: 1000 + n },
          { sku: `EXP-${n}-B`, quantity: 2, lineMinor: 2000 },
        ],
      });
      ids.push(o.id);
    }
  });

  it('streams the filtered orders into an xlsx only the owner can download', async () => {
    const started = await post('orders-export', {
      filter: { market_id: storeA, orderBy_field: 'purchase_date', orderBy_type: 'asc' },
      columns: ['order_number', 'store', 'total', 'sku', 'quantity', 'line_total'],
      one_row_per: 'item',
      lang: 'en',
    });
    expect(started.status).toBe(200);
    const job = await waitForJob(started.body.data.job_id);
    expect(job.body.data).toMatchObject({ status: 'succeeded', done: 3, total: 3, progress: 100 });
    const result = job.body.data.result;
    expect(result).toMatchObject({ orders: 3, rows: 6 });

    const res = await download(result.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      'Order number',
      'Store',
      'Order total',
      'SKU',
      'Quantity',
      'Line total',
    ]);
    expect(rows).toHaveLength(7);
    expect(rows.slice(1).map((r) => r[3])).toEqual([
      'EXP-1-A',
      'EXP-1-B',
      'EXP-2-A',
      'EXP-2-B',
      'EXP-3-A',
      'EXP-3-B',
    ]);
    expect(rows[1]).toEqual([expect.any(String), 'Transfer A', 30.01, 'EXP-1-A', 1, 10.01]);

    expect((await download(result.url, other.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: result.url })).statusCode).toBe(401);
    // The stored object never leaks through the public files route.
    const [row] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, started.body.data.job_id));
    const key = (row!.payload as { key: string }).key;
    expect(key).toMatch(/^private\//);
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${key}` })).statusCode).toBe(404);
  });

  it('exports one row per order in Chinese, only the given ids', async () => {
    const started = await post('orders-export', {
      filter: {},
      ids: [ids[0], ids[4]],
      columns: ['order_number', 'desk_status', 'sku'],
      one_row_per: 'order',
      lang: 'zh-CN',
    });
    const job = await waitForJob(started.body.data.job_id);
    expect(job.body.data.result).toMatchObject({ orders: 2, rows: 2 });
    const rows = await sheetRows((await download(job.body.data.result.url)).rawPayload);
    expect(rows[0]).toEqual(['订单号', '处理状态', 'SKU']);
    expect(rows[1]).toEqual([expect.any(String), '新订单', 'EXP-5-A\nEXP-5-B']);
  });

  it("writes the file in the asker's language when none is chosen", async () => {
    const started = await call(t.app, 'POST', '/api/cw-order/orders-export', {
      token: seller.token,
      body: { ids: [ids[0]], columns: ['order_number', 'desk_status'] },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    const job = await waitForJob(started.body.data.job_id);
    const rows = await sheetRows((await download(job.body.data.result.url)).rawPayload);
    expect(rows[0]).toEqual(['订单号', '处理状态']);
    expect(rows[1]).toEqual([expect.any(String), '新订单']);
  });

  it('reads more orders than a keyset page holds, each once, ties in id order', async () => {
    const db = t.database.db;
    const store = await storeFor(db, seller.sellerId, { alias: 'Transfer pages' });
    // One purchase date for all: every page boundary falls between equal sort keys.
    const numbers: string[] = [];
    for (let n = 0; n < EXPORT_PAGE * 2 + 1; n += 1) {
      const o = await orderFor(db, seller.sellerId, store, {
        purchasedAt: new Date(Date.UTC(2026, 2, 20, 8)),
        items: [{ sku: `PAGE-${n}`, quantity: 1, lineMinor: 100 }],
      });
      numbers.push(o.number);
    }
    const started = await post('orders-export', {
      filter: { market_id: store, orderBy_field: 'purchase_date', orderBy_type: 'asc' },
      columns: ['order_number'],
      one_row_per: 'order',
    });
    const job = await waitForJob(started.body.data.job_id);
    expect(job.body.data.result).toMatchObject({ orders: numbers.length, rows: numbers.length });
    const rows = await sheetRows((await download(job.body.data.result.url)).rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(numbers);
  });

  it('the FBA export keeps AFN orders only', async () => {
    const started = await call(t.app, 'POST', '/api/order/export', {
      token: seller.token,
      body: { columns: ['order_number', 'fulfillment_channel'] },
    });
    expect(started.status).toBe(200);
    const job = await waitForJob(started.body.data.job_id);
    expect(job.body.data.result).toMatchObject({ orders: 1 });
  });

  it('refuses bad input with 422 and another seller gets none of these orders', async () => {
    const bad = await post('orders-export', { columns: ['order_number', 'bogus'] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('columns.1');
    const badFilter = await post('orders-export', { filter: { zone: 'USA' }, columns: ['total'] });
    expect(badFilter.status).toBe(422);
    const none = await post('orders-export', { columns: ['total'] }, other.token);
    const job = await waitForJob(none.body.data.job_id, other.token);
    expect(job.body.data.result).toMatchObject({ orders: 1 });
    const running = await download(`/api/cw-order/export-download?job=${none.body.data.job_id}`);
    expect(running.statusCode).toBe(404);
  });
});

const HEADER =
  'store,order_number,purchase_date,currency,buyer_name,buyer_phone,address_line1,address_line2,city,state,postcode,country,fulfillment_channel,sku,title,quantity,line_total';
const line = (over: Partial<Record<string, string>>) => {
  const base: Record<string, string> = {
    store: 'Transfer A',
    order_number: 'IMP-1',
    purchase_date: '2026-04-01 10:00:00',
    currency: 'USD',
    buyer_name: 'Jo Lee',
    buyer_phone: '555',
    address_line1: '2 Elm St',
    address_line2: '',
    city: 'Austin',
    state: 'TX',
    postcode: '73301',
    country: 'US',
    fulfillment_channel: 'MFN',
    sku: 'SKU-1',
    title: 'Thing',
    quantity: '1',
    line_total: '10.00',
  };
  return HEADER.split(',')
    .map((k) => over[k] ?? base[k])
    .join(',');
};

describe('order import', () => {
  const file = [
    HEADER,
    line({ order_number: 'IMP-1', sku: 'SKU-1', quantity: '2', line_total: '19.99' }), // row 2
    line({ order_number: 'IMP-2', store: String(0), sku: 'X' }), // 3: unknown store
    line({ order_number: 'IMP-1', sku: 'SKU-2', line_total: '0.02' }), // 4
    line({ order_number: 'IMP-3', purchase_date: '2026-02-30' }), // 5: bad date
    line({ order_number: 'IMP-3', sku: 'OK' }), // 6: good row of a bad order
    line({ order_number: 'IMP-4', line_total: '1.234' }), // 7: bad amount
    line({ order_number: 'IMP-5', country: 'USA' }), // 8: bad country
    line({ order_number: 'IMP-6', store: 'Transfer B', currency: 'JPY', line_total: '1500' }), // 9
    line({ order_number: 'IMP-7' }), // 10
    line({ order_number: 'IMP-7', city: 'Dallas' }), // 11: header differs
    line({ order_number: 'IMP-8', quantity: '0' }), // 12: bad quantity
    line({ order_number: 'IMP-9', buyer_name: '' }), // 13: missing field
  ].join('\n');

  it('imports good orders whole with exact totals, reports every bad row, and never duplicates', async () => {
    const started = await upload('upload-import', file);
    expect(started.status).toBe(200);
    const job = await waitForJob(started.body.data.job_id);
    expect(job.body.data.status).toBe('succeeded');
    const result = job.body.data.result;
    expect(result).toMatchObject({
      rows: 12,
      imported_orders: 2,
      imported_rows: 3,
      duplicate_orders: 0,
      rejected_orders: 7,
    });
    expect(result.errors.map((e: { row: number }) => e.row)).toEqual([3, 5, 7, 8, 11, 12, 13]);
    const reasons = Object.fromEntries(
      result.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]),
    );
    expect(reasons[3]).toMatch(/Unknown store/);
    expect(reasons[5]).toMatch(/purchase_date/);
    expect(reasons[7]).toMatch(/line_total/);
    expect(reasons[8]).toMatch(/two letters/);
    expect(reasons[11]).toMatch(/differ from row 10/);
    expect(reasons[12]).toMatch(/quantity/);
    expect(reasons[13]).toMatch(/Missing buyer_name/);

    const db = t.database.db;
    const imported = await db
      .select()
      .from(orders)
      .where(and(eq(orders.sellerId, seller.sellerId), eq(orders.orderFrom, 'import')))
      .orderBy(asc(orders.number));
    expect(imported.map((o) => [o.number, o.storeId, o.totalMinor, o.total, o.currency])).toEqual([
      ['IMP-1', storeA, 2001, '20.01', 'USD'],
      ['IMP-6', storeB, 1500, '1500', 'JPY'],
    ]);
    expect(imported[0]).toMatchObject({
      status: 10,
      zone: 'US',
      itemCount: 2,
      quantity: 3,
      purchasedAt: new Date('2026-04-01T10:00:00Z'),
      address: expect.objectContaining({ name: 'Jo Lee', city: 'Austin', country_code: 'US' }),
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, imported[0]!.id));
    expect(items.map((i) => [i.sku, i.quantity, i.lineTotalMinor])).toEqual([
      ['SKU-1', 2, 1999],
      ['SKU-2', 1, 2],
    ]);
    const logs = await db.select().from(orderLogs).where(eq(orderLogs.orderId, imported[0]!.id));
    expect(logs).toEqual([expect.objectContaining({ action: 'import', userId: seller.userId })]);

    // The order list sees them with the import origin.
    const list = await post('list', { order_from: 'import' });
    expect(list.body.data.list).toHaveLength(2);

    const again = await upload('upload-import', file);
    const second = (await waitForJob(again.body.data.job_id)).body.data.result;
    expect(second).toMatchObject({ imported_orders: 0, duplicate_orders: 2, duplicate_rows: 3 });
    const count = await db.$count(orders, eq(orders.orderFrom, 'import'));
    expect(count).toBe(2);
  });

  it('reads back an xlsx export of one row per item as an import file (all already imported)', async () => {
    const cols = [
      'store',
      'order_number',
      'purchase_date',
      'currency',
      'buyer_name',
      'buyer_phone',
      'address_line1',
      'address_line2',
      'city',
      'state',
      'postcode',
      'country',
      'fulfillment_channel',
      'sku',
      'title',
      'quantity',
      'line_total',
    ];
    const started = await post('orders-export', {
      filter: { order_from: 'import' },
      columns: cols,
      one_row_per: 'item',
    });
    const job = await waitForJob(started.body.data.job_id);
    const bytes = (await download(job.body.data.result.url)).rawPayload;
    const again = await upload('upload-import', bytes, 'orders.xlsx');
    const result = (await waitForJob(again.body.data.job_id)).body.data.result;
    expect(result).toMatchObject({
      rows: 3,
      error_count: 0,
      duplicate_orders: 2,
      imported_orders: 0,
    });
  });

  it('reports a file without the required columns and refuses a non-file request', async () => {
    const started = await upload('upload-import', 'order_number,sku\nA,B\n');
    const result = (await waitForJob(started.body.data.job_id)).body.data.result;
    expect(result.error_count).toBe(1);
    expect(result.errors[0].reason).toMatch(/Missing columns: store, purchase_date/);
    const notMultipart = await post('upload-import', { file: 'x' });
    expect(notMultipart.status).toBe(422);
    expect(notMultipart.body.data.fields).toHaveProperty('file');
    const fakeXlsx = await upload('upload-import', 'not a zip', 'orders.xlsx');
    expect(fakeXlsx.status).toBe(422);
  });

  it('a store of another seller is an unknown store', async () => {
    const foreign = await storeFor(t.database.db, other.sellerId, { alias: 'Foreign' });
    const started = await upload(
      'upload-import',
      [
        HEADER,
        line({ store: String(foreign), order_number: 'F-1' }),
        line({ store: 'Foreign', order_number: 'F-2' }),
      ].join('\n'),
    );
    const result = (await waitForJob(started.body.data.job_id)).body.data.result;
    expect(result).toMatchObject({ imported_orders: 0, error_count: 2 });
  });

  it('streams a file of several batches, yielding to other work, and keeps split orders whole', async () => {
    // The rows of SPLIT-0 and of SPLIT-BAD are at both ends of the file, batches apart.
    const singles = Array.from({ length: IMPORT_BATCH_ROWS * 2 + 200 }, (_, i) =>
      line({ order_number: `SPLIT-${i + 1}`, sku: `S-${i}` }),
    );
    const text = [
      HEADER,
      line({ order_number: 'SPLIT-0', sku: 'FIRST' }),
      line({ order_number: 'SPLIT-BAD', sku: 'FINE' }),
      ...singles,
      line({ order_number: 'SPLIT-BAD', quantity: 'x' }),
      line({ order_number: 'SPLIT-0', sku: 'LAST', line_total: '5.00' }),
    ].join('\n');
    const key = privateObjectKey(seller.sellerId, 'csv');
    await t.storage.put(key, Buffer.from(text), 'text/csv');
    // A timer ticking meanwhile stands for other requests: it only runs when the import yields.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const steps: Array<{ done: number; key?: string; ticks: number }> = [];
    const result = await runOrderImport(
      { db: t.database.db, storage: t.storage },
      {
        jobId: '00000000-0000-4000-8000-00000000000a',
        sellerId: seller.sellerId,
        payload: { userId: seller.userId, isBoss: true, key, filename: 'split.csv' },
        attempt: 0,
        log: t.app.log,
        signal: new AbortController().signal,
        progress: async (done, _total, message) =>
          void steps.push({ done, key: message?.key, ticks }),
      },
    ).finally(() => clearInterval(timer));
    expect(result).toMatchObject({
      rows: singles.length + 4,
      imported_orders: singles.length + 1,
      imported_rows: singles.length + 2,
      rejected_orders: 1,
      error_count: 1,
    });
    const [split] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.sellerId, seller.sellerId), eq(orders.number, 'SPLIT-0')));
    expect(split).toMatchObject({ itemCount: 2, totalMinor: 1500 });
    const writes = steps.filter((s) => s.key === 'jobs.progress.importing' && s.done > 0);
    expect(writes.length).toBeGreaterThanOrEqual(3);
    // The timer ran while the file was read and between the batches written.
    const reading = steps.find((s) => s.key === 'jobs.progress.reading')!;
    expect(writes[0]!.ticks).toBeGreaterThan(reading.ticks);
    expect(writes.at(-1)!.ticks).toBeGreaterThan(writes[0]!.ticks);
    expect(await t.storage.get(key)).toBeNull();
  });

  it('downloads the template', async () => {
    const res = await download('/api/cw-order/import-template?lang=zh-CN');
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]![0]).toBe('店铺 (ID 或别名) *');
    expect(rows).toHaveLength(3);
  });
});

describe('memo import', () => {
  it('writes memos row by row like save-order-memo, reporting the rows it could not', async () => {
    const db = t.database.db;
    const a = await orderFor(db, seller.sellerId, storeA, {
      items: [{ sku: 'M-1', quantity: 1, lineMinor: 100 }],
    });
    const foreignStore = await storeFor(db, other.sellerId);
    const foreign = await orderFor(db, other.sellerId, foreignStore, {
      items: [{ sku: 'M-2', quantity: 1, lineMinor: 100 }],
    });
    const csv = [
      'order_number,memo',
      `${a.number},Call the buyer`,
      `${foreign.number},x`,
      ',y',
      'NOPE,z',
    ].join('\n');
    const res = await upload('remark-import', csv, 'memo.csv');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ updated: 1, failed: 3 });
    expect(res.body.data.results).toEqual([
      { row: 2, order_number: a.number, ok: true, reason: null },
      { row: 3, order_number: foreign.number, ok: false, reason: 'Order not found' },
      { row: 4, order_number: '', ok: false, reason: 'Missing order_number' },
      { row: 5, order_number: 'NOPE', ok: false, reason: 'Order not found' },
    ]);
    const [row] = await db.select().from(orders).where(eq(orders.id, a.id));
    expect(row!.memo).toBe('Call the buyer');
    const [untouched] = await db.select().from(orders).where(eq(orders.id, foreign.id));
    expect(untouched!.memo).toBe('');
    const logs = await db.select().from(orderLogs).where(eq(orderLogs.orderId, a.id));
    expect(logs.map((l) => l.action)).toContain('memo');

    const noHeader = await upload('remark-import', 'a,b\n1,2', 'memo.csv');
    expect(noHeader.status).toBe(422);

    const inChinese = await upload(
      'remark-import',
      'order_number,memo\nNOPE,z',
      'm.csv',
      undefined,
      'zh-CN',
    );
    expect(inChinese.body.data.results[0].reason).toBe('找不到订单');
  });
});

describe('import parsing', () => {
  it('reads dates in UTC, with offsets and as Excel day numbers; refuses impossible ones', () => {
    expect(parseImportDate('2026-01-31 14:05')).toEqual(new Date('2026-01-31T14:05:00Z'));
    expect(parseImportDate('2026/1/31')).toEqual(new Date('2026-01-31T00:00:00Z'));
    expect(parseImportDate('2026-01-31T14:05:00+08:00')).toEqual(new Date('2026-01-31T06:05:00Z'));
    expect(parseImportDate('46053.5')).toEqual(new Date('2026-01-31T12:00:00Z'));
    for (const bad of ['2026-02-29', '2026-13-01', 'yesterday', '1999-12-31', '2026-01-01 24:00']) {
      expect(parseImportDate(bad)).toBeNull();
    }
  });

  it('reads amounts exactly in minor units of the currency', () => {
    expect(parseAmount('19.99', 'USD')).toBe(1999n);
    expect(parseAmount('1,500', 'JPY')).toBe(1500n);
    expect(parseAmount('19.990000000000002', 'USD')).toBe(1999n);
    expect(parseAmount('0.5', 'USD')).toBe(50n);
    for (const bad of ['1.234', '-1', '1e3', '', '12.5', 'abc']) {
      expect(parseAmount(bad, bad === '12.5' ? 'JPY' : 'USD')).toBeNull();
    }
  });
});
