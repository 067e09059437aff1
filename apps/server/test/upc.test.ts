import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGtin, previewSkus, withCheckDigit } from '@app/shared';
import { eq } from 'drizzle-orm';
import { finishedSkus, upcCodes } from '../src/db/schema.ts';
import { markCodesPublished, releaseCodes, takeFreeCode } from '../src/modules/upc/pool.ts';
import { productFor } from './cart-fixtures.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import { uploadTo } from './media.ts';

let t: TestApp;
let bob: SellerFixture;

beforeAll(async () => {
  t = await buildTestApp();
  bob = await createSeller(t.database.db);
});
afterAll(() => t?.close());

const get = (s: SellerFixture, url: string, query: Record<string, string> = {}) =>
  call(t.app, 'GET', url, { token: s.token, query });
const post = (s: SellerFixture, url: string, body: unknown) =>
  call(t.app, 'POST', url, { token: s.token, body });

async function okData(promise: ReturnType<typeof post>) {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** `n` valid EAN-13 codes from a made-up prefix, so tests never collide with each other. */
const eans = (prefix: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) =>
    withCheckDigit(`${prefix}${String(from + i).padStart(12 - prefix.length, '0')}`),
  );

async function freshSeller() {
  return createSeller(t.database.db);
}

describe('import', () => {
  it('reports each pasted row and keeps the valid ones', async () => {
    const s = await freshSeller();
    const [a, b] = eans('2000001', 2);
    const res = await okData(
      post(s, '/api/upc/import', {
        codes: [a, '036000291452', '036000291453', '12345', 'ABC', a, ' ', '0036000291452', b],
      }),
    );
    expect(res.counts).toEqual({
      imported: 3,
      duplicate: 2,
      bad_check_digit: 1,
      wrong_length: 1,
      not_digits: 1,
    });
    expect(res.rows.map((r: { result: string }) => r.result)).toEqual([
      'imported',
      'imported',
      'bad_check_digit',
      'wrong_length',
      'not_digits',
      'duplicate',
      // the blank entry (row 7) is skipped; a UPC-A and its EAN-13 form are one code
      'duplicate',
      'imported',
    ]);
    expect(res.rows[7]).toEqual({ row: 9, code: b, result: 'imported' });

    const again = await okData(post(s, '/api/upc/import', { codes: [a, b] }));
    expect(again.counts).toMatchObject({ imported: 0, duplicate: 2 });
    // Another seller may hold the same code.
    const other = await okData(post(await freshSeller(), '/api/upc/import', { codes: [a] }));
    expect(other.counts.imported).toBe(1);
  });

  it('reads the upc column of a csv with a header, and a headerless one', async () => {
    const s = await freshSeller();
    const codes = eans('2000002', 3);
    const csv = `name,UPC\r\nred,${codes[0]}\r\n\r\nblue,"${codes[1]}"\r\ngreen,999\r\n`;
    const res = await uploadTo(t.app, '/api/upc/import', s.token, Buffer.from(csv), 'codes.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows).toEqual([
      { row: 2, code: codes[0], result: 'imported' },
      { row: 4, code: codes[1], result: 'imported' },
      { row: 5, code: '999', result: 'wrong_length' },
    ]);
    const plain = await uploadTo(
      t.app,
      '/api/upc/import',
      s.token,
      Buffer.from(`\uFEFF${codes[2]}\n${codes[0]}\n`),
      'plain.txt',
    );
    expect(plain.body.data.counts).toMatchObject({ imported: 1, duplicate: 1 });
  });

  it('reads xlsx, where a UPC-A in a number cell lost its leading zero', async () => {
    const s = await freshSeller();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('codes');
    const [ean] = eans('2000003', 1);
    sheet.addRow(['Code']);
    sheet.addRow([36000291452]);
    sheet.addRow([ean]);
    sheet.addRow(['bad']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await uploadTo(t.app, '/api/upc/import', s.token, bytes, 'codes.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows).toEqual([
      { row: 2, code: '036000291452', result: 'imported' },
      { row: 3, code: ean, result: 'imported' },
      { row: 4, code: 'bad', result: 'not_digits' },
    ]);
  });

  it('answers 422 naming the field for bad input', async () => {
    const s = await freshSeller();
    const empty = await post(s, '/api/upc/import', { codes: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.data.fields).toHaveProperty('codes');
    const notXlsx = await uploadTo(t.app, '/api/upc/import', s.token, Buffer.from('x'), 'a.xlsx');
    expect(notXlsx.status).toBe(422);
    expect(notXlsx.body.data.fields).toHaveProperty('file');
    // A zip bomb is refused before the spreadsheet parser inflates it, with its own reason.
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(64 << 20) });
    const bombed = await uploadTo(t.app, '/api/upc/import', s.token, Buffer.from(bomb), 'b.xlsx');
    expect(bombed.status).toBe(422);
    expect(bombed.body.data.fields.file).toBeTruthy();
    expect(bombed.body.data.fields.file).not.toBe(notXlsx.body.data.fields.file);
    const badQuery = await get(s, '/api/upc/index', { state: 'lost' });
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.data.fields).toHaveProperty('state');
  });

  it('takes 100,000 rows in a few seconds', async () => {
    const s = await freshSeller();
    const codes = eans('2100', 100_000);
    const csv = Buffer.from(`upc\n${codes.join('\n')}\n`);
    const started = performance.now();
    const res = await uploadTo(t.app, '/api/upc/import', s.token, csv, 'big.csv');
    const ms = performance.now() - started;
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data.counts.imported).toBe(100_000);
    expect(res.body.data.rows).toEqual([]);
    console.log(`upc import: 100,000 rows in ${Math.round(ms)} ms`);
    const page = await okData(get(s, '/api/upc/index', { state: 'free', size: '5' }));
    expect(page.counts).toEqual({ free: 100_000, used: 0, void: 0, total: 100_000 });
  }, 120_000);
});

describe('index', () => {
  it('pages with state, kind and keyword filters and counts per state; never shows another seller', async () => {
    const s = await freshSeller();
    const codes = eans('2000004', 5);
    await okData(post(s, '/api/upc/import', { codes: [...codes, '036000291452'] }));
    await takeFreeCode(t.database.db, s.sellerId, { listingId: 77, ref: 'SKU-77' });

    const all = await okData(get(s, '/api/upc/index', { size: '4' }));
    expect(all.counts).toEqual({ free: 5, used: 1, void: 0, total: 6 });
    expect(all.pagination).toEqual({ page: 1, size: 4, total: 6 });
    expect(all.list[0].code).toBe('036000291452');
    const used = await okData(get(s, '/api/upc/index', { state: 'used' }));
    expect(used.list).toHaveLength(1);
    expect(used.list[0]).toMatchObject({ code: codes[0], listing_id: 77, used_ref: 'SKU-77' });
    const upcOnly = await okData(get(s, '/api/upc/index', { kind: 'upc' }));
    expect(upcOnly.list.map((c: { code: string }) => c.code)).toEqual(['036000291452']);
    const found = await okData(get(s, '/api/upc/index', { keyword: codes[3]!.slice(7, 12) }));
    expect(found.list.map((c: { code: string }) => c.code)).toEqual([codes[3]]);

    const theirs = await okData(get(bob, '/api/upc/index'));
    expect(theirs.pagination.total).toBe(0);
  });
});

describe('pool for publishing', () => {
  it('gives each listing its own code, the same one again on republish, null when empty', async () => {
    const s = await freshSeller();
    const codes = eans('2000005', 3);
    await okData(post(s, '/api/upc/import', { codes }));
    const db = t.database.db;
    const taken = await Promise.all(
      [1, 2, 3, 4].map((listingId) =>
        db.transaction((tx) => takeFreeCode(tx, s.sellerId, { listingId })),
      ),
    );
    const got = taken.filter((x) => x !== null).map((x) => x.code);
    expect(got.sort()).toEqual([...codes].sort());
    expect(taken.filter((x) => x === null)).toHaveLength(1);
    const firstListing = taken.findIndex((x) => x !== null) + 1;
    const again = await takeFreeCode(db, s.sellerId, { listingId: firstListing });
    expect(again?.code).toBe(taken[firstListing - 1]!.code);
    // Another seller's pool is not touched.
    expect(await takeFreeCode(db, bob.sellerId, { listingId: 1 })).toBeNull();
  });

  it('gives each SKU of one listing its own code, and each the same one again', async () => {
    const s = await freshSeller();
    await okData(post(s, '/api/upc/import', { codes: eans('2000009', 3) }));
    const db = t.database.db;
    const take = (ref: string) => takeFreeCode(db, s.sellerId, { listingId: 40, ref });
    const black = await take('TEE-BLK');
    const white = await take('TEE-WHT');
    expect(black).not.toBeNull();
    expect(white?.code).not.toBe(black?.code);
    expect((await take('TEE-BLK'))?.code).toBe(black?.code);
    expect((await take('TEE-WHT'))?.code).toBe(white?.code);
  });

  it('rolls the taking back with an abandoned publish transaction', async () => {
    const s = await freshSeller();
    await okData(post(s, '/api/upc/import', { codes: eans('2000006', 1) }));
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await takeFreeCode(tx, s.sellerId, { listingId: 5 })).not.toBeNull();
        throw new Error('publish failed');
      }),
    ).rejects.toThrow('publish failed');
    const page = await okData(get(s, '/api/upc/index'));
    expect(page.counts.free).toBe(1);
  });
});

describe('reset', () => {
  it('frees, voids and deletes each code on its merits', async () => {
    const s = await freshSeller();
    const codes = eans('2000007', 5);
    await okData(post(s, '/api/upc/import', { codes }));
    const db = t.database.db;
    const draft = await takeFreeCode(db, s.sellerId, { listingId: 10 });
    const live = await takeFreeCode(db, s.sellerId, { listingId: 11 });
    await markCodesPublished(db, s.sellerId, 11);
    const page = await okData(get(s, '/api/upc/index', { state: 'free' }));
    const [free1, free2, free3] = page.list.map((c: { id: number }) => c.id);
    await okData(post(bob, '/api/upc/import', { codes: eans('2000008', 1) }));
    const bobsId = (await okData(get(bob, '/api/upc/index'))).list[0].id;

    const freed = await okData(
      post(s, '/api/upc/reset', { action: 'free', ids: [draft!.id, live!.id, free1, bobsId] }),
    );
    expect(freed.results).toEqual([
      { id: draft!.id, ok: true, reason: null },
      { id: live!.id, ok: false, reason: 'published' },
      { id: free1, ok: false, reason: 'already_free' },
      { id: bobsId, ok: false, reason: 'not_found' },
    ]);
    // Bob's code is untouched.
    expect((await okData(get(bob, '/api/upc/index'))).list[0].state).toBe('free');

    // Once the published listing is deleted, its code stays used until the seller frees it.
    expect(await releaseCodes(db, s.sellerId, 11)).toBe(0);
    const gone = await okData(get(s, '/api/upc/index', { state: 'used' }));
    expect(gone.list[0].listing_gone_at).toEqual(expect.any(Number));
    const voided = await okData(
      post(s, '/api/upc/reset', { action: 'void', ids: [live!.id, free2] }),
    );
    expect(voided.results.map((r: { reason: string | null }) => r.reason)).toEqual([
      'in_use',
      null,
    ]);
    const freedLater = await okData(post(s, '/api/upc/reset', { action: 'free', ids: [live!.id] }));
    expect(freedLater.results[0].ok).toBe(true);

    const deleted = await okData(
      post(s, '/api/upc/reset', { action: 'delete', ids: [free2, free3] }),
    );
    expect(deleted.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect((await okData(get(s, '/api/upc/index'))).counts).toEqual({
      free: 3,
      used: 0,
      void: 0,
      total: 3,
    });
    // A voided code is never taken for a listing.
    await okData(post(s, '/api/upc/reset', { action: 'void', ids: [draft!.id] }));
    const next = await takeFreeCode(db, s.sellerId, { listingId: 12 });
    expect(next?.id).not.toBe(draft!.id);

    const bad = await post(s, '/api/upc/reset', { action: 'burn', ids: [1] });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('action');
  });

  it('frees never-published codes when the listing releases them', async () => {
    const s = await freshSeller();
    await okData(post(s, '/api/upc/import', { codes: eans('2000009', 1) }));
    await takeFreeCode(t.database.db, s.sellerId, { listingId: 3 });
    expect(await releaseCodes(t.database.db, s.sellerId, 3)).toBe(1);
    expect((await okData(get(s, '/api/upc/index'))).list[0]).toMatchObject({
      state: 'free',
      listing_id: null,
    });
  });
});

describe('generate', () => {
  it('previews free codes without reserving them', async () => {
    const s = await freshSeller();
    const codes = eans('2000010', 3);
    await okData(post(s, '/api/upc/import', { codes }));
    const preview = await okData(get(s, '/api/common/generate/upc', { count: '2' }));
    expect(preview.available).toBe(3);
    expect(preview.codes.map((c: { code: string }) => c.code)).toEqual(codes.slice(0, 2));
    expect((await okData(get(s, '/api/upc/index'))).counts.free).toBe(3);
  });

  it('makes valid codes from a company prefix, skipping ones already in the pool', async () => {
    const s = await freshSeller();
    await okData(post(s, '/api/upc/import', { codes: [withCheckDigit('012345678901')] }));
    const res = await okData(
      post(s, '/api/common/generate/myupc', { prefix: '0123456789', kind: 'ean', count: 3 }),
    );
    expect(res.skipped).toBe(1);
    expect(res.codes).toEqual(['00', '02', '03'].map((r) => withCheckDigit(`0123456789${r}`)));
    for (const code of res.codes) expect(checkGtin(code)).toMatchObject({ ok: true, kind: 'ean' });
    const upcs = await okData(
      post(s, '/api/common/generate/myupc', { prefix: '614141', kind: 'upc', count: 2, start: 7 }),
    );
    expect(upcs.codes).toEqual([withCheckDigit('61414100007'), withCheckDigit('61414100008')]);
    expect((await okData(get(s, '/api/upc/index'))).counts.free).toBe(6);

    const tooMany = await post(s, '/api/common/generate/myupc', {
      prefix: '12345678901',
      kind: 'ean',
      count: 11,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.data.fields).toHaveProperty('count');
    const badPrefix = await post(s, '/api/common/generate/myupc', { prefix: '12a45', count: 1 });
    expect(badPrefix.status).toBe(422);
    expect(badPrefix.body.data.fields).toHaveProperty('prefix');
  });
});

describe('SKU generation', () => {
  it('follows the saved rule and never hands out the same SKU twice', async () => {
    const s = await freshSeller();
    const rule = await okData(get(s, '/api/common/generate/sku-rule'));
    expect(rule).toMatchObject({ prefix: 'SKU', date_format: 'YYMMDD', seq: 1 });
    expect(previewSkus(rule, rule, 2)).toEqual([
      `SKU-${rule.today.slice(2)}-0001`,
      `SKU-${rule.today.slice(2)}-0002`,
    ]);

    await okData(
      post(s, '/api/common/generate/sku-rule', {
        prefix: 'TS',
        date_format: 'none',
        seq_width: 3,
        separator: '-',
      }),
    );
    // A finished SKU already named TS-002 is skipped.
    const product = await productFor(t.database.db, s.sellerId, {
      skus: [{ color: 'Red', size: 'M', costMinor: 100, stock: 5 }],
    });
    await t.database.db
      .update(finishedSkus)
      .set({ skuCode: 'ts-002' })
      .where(eq(finishedSkus.productId, product.productId));
    const first = await okData(post(s, '/api/common/generate/sku', { count: 3 }));
    expect(first.skus).toEqual(['TS-001', 'TS-003', 'TS-004']);
    const after = await okData(get(s, '/api/common/generate/sku-rule'));
    expect(previewSkus(after, after, 1)).toEqual(['TS-005']);

    // Parallel calls never overlap.
    const parallel = await Promise.all(
      [1, 2, 3].map(() => okData(post(s, '/api/common/generate/sku', { count: 4 }))),
    );
    const all = [...first.skus, ...parallel.flatMap((p: { skus: string[] }) => p.skus)];
    expect(new Set(all).size).toBe(all.length);

    // A rule change that could repeat an old SKU skips it.
    await okData(
      post(s, '/api/common/generate/sku-rule', {
        prefix: 'T',
        date_format: 'none',
        seq_width: 1,
        separator: '',
      }),
    );
    const other = await okData(post(s, '/api/common/generate/sku', { count: 2 }));
    expect(other.skus.every((x: string) => !all.includes(x))).toBe(true);

    const dated = await okData(
      post(s, '/api/common/generate/sku-rule', {
        prefix: 'A',
        date_format: 'YYYYMMDD',
        seq_width: 4,
        separator: '_',
      }),
    );
    const withDate = await okData(post(s, '/api/common/generate/sku', { count: 1 }));
    expect(withDate.skus).toEqual(previewSkus(dated, dated, 1));
    expect(withDate.skus[0]).toBe(`A_${dated.today}_0001`);
    expect(dated.today).toMatch(/^20\d{6}$/);

    const bad = await post(s, '/api/common/generate/sku-rule', {
      prefix: 'a b',
      date_format: 'DDMM',
      seq_width: 0,
      separator: '/',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(
      ['date_format', 'prefix', 'separator', 'seq_width'].sort(),
    );
  });
});

describe('access', () => {
  it('refuses anonymous callers', async () => {
    expect((await call(t.app, 'GET', '/api/upc/index')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/upc/import', { body: { codes: ['1'] } })).status).toBe(
      401,
    );
  });

  it('keeps the used-code invariant in the database', async () => {
    const s = await freshSeller();
    await expect(
      t.database.db.insert(upcCodes).values({
        sellerId: s.sellerId,
        code: '036000291452',
        gtin13: '0036000291452',
        kind: 'upc',
        state: 'used',
      }),
    ).rejects.toThrow();
  });
});
