import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerKind } from '@app/shared';
import { ledgerEntries } from '../src/db/schema.ts';
import { post } from '../src/modules/finance/ledger.ts';
import type { SellerFixture } from './fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';
import * as money from './money.ts';

let t: TestApp;
let s: SellerFixture;

/**
 * A movement dated at a Beijing wall-clock time; `memo` is stored as text, as rows written
 * before memos were catalogue keys are.
 */
async function at(beijing: string, kind: LedgerKind, amountMinor: number, memo = '') {
  const posted = await t.database.db.transaction((tx) =>
    post(tx, s.sellerId, { kind, amountMinor }),
  );
  await t.database.db
    .update(ledgerEntries)
    .set({ createdAt: new Date(`${beijing}+08:00`), memo })
    .where(eq(ledgerEntries.id, posted.entryId));
}

beforeAll(async () => {
  t = await buildTestApp();
  s = await money.payer(t);
  await at('2024-12-31T23:59:59', 'recharge', 5_000);
  await at('2025-01-01T00:00:00', 'recharge', 20_000);
  await at('2025-01-20T10:00:00', 'freeze', 2_000);
  // 00:30 on 1 March in Beijing is still February in UTC; the bill counts it in March.
  await at('2025-03-01T00:30:00', 'payment', 3_000, '=HYPERLINK("x")');
  await at('2025-03-31T23:59:59', 'refund', 1_000, 'Order, "cancelled"');
  await at('2025-03-15T12:00:00', 'unfreeze', 500);
  const other = await money.payer(t, 77_700);
  void other;
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string>) =>
  call(t.app, 'GET', url, { token: s.token, query });
/** A file download: the raw answer, not an envelope. */
const download = (url: string, query: Record<string, string>, language = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    query,
    headers: { authorization: `Bearer ${s.token}`, 'accept-language': language },
  });

describe('GET /api/finance/bill', () => {
  it('lists every month of a past year with opening, sums per kind and closing', async () => {
    const res = await get('/api/finance/bill', { year: '2025' });
    expect(res.status).toBe(200);
    const months = res.body.data;
    expect(months.map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    expect(months[0]).toEqual({
      month: '2025-01',
      opening_minor: 5_000,
      recharge_minor: 20_000,
      payment_minor: 0,
      refund_minor: 0,
      level_purchase_minor: 0,
      freeze_minor: 2_000,
      unfreeze_minor: 0,
      deduction_minor: 0,
      closing_minor: 23_000,
      entries: 2,
    });
    expect(months[1]).toMatchObject({ opening_minor: 23_000, closing_minor: 23_000, entries: 0 });
    expect(months[2]).toMatchObject({
      opening_minor: 23_000,
      payment_minor: 3_000,
      refund_minor: 1_000,
      unfreeze_minor: 500,
      closing_minor: 21_500,
      entries: 3,
    });
    expect(months[11]).toMatchObject({ opening_minor: 21_500, closing_minor: 21_500 });

    const before = (await get('/api/finance/bill', { year: '2024' })).body.data;
    expect(before[11]).toMatchObject({
      opening_minor: 0,
      recharge_minor: 5_000,
      closing_minor: 5_000,
    });
  });

  it('stops at the current month and lists nothing for a future year', async () => {
    const now = new Date(Date.now() + 8 * 3600_000);
    const year = now.getUTCFullYear();
    const current = (await get('/api/finance/bill', { year: String(year) })).body.data;
    expect(current).toHaveLength(now.getUTCMonth() + 1);
    expect((await get('/api/finance/bill', { year: String(year + 1) })).body.data).toEqual([]);
    const bad = await get('/api/finance/bill', { year: 'soon' });
    expect(bad.status).toBe(422);
    expect(bad.body.data.fields).toHaveProperty('year');
  });
});

describe('CSV exports', () => {
  it("exports one Beijing month's entries as CSV with a BOM, quoting and no formulas", async () => {
    const res = await download('/api/finance/bill/export', { month: '2025-03' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="bill-2025-03.csv"');
    const text = res.body;
    expect(text.startsWith('\uFEFFID,Time (Beijing),Type,Amount,')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('2025-03-31 23:59:59,Refund,10.00,');
    expect(lines[1]).toContain('"Order, ""cancelled"""');
    expect(lines[3]).toContain('2025-03-01 00:30:00,Payment,-30.00,');
    expect(lines[3]).toContain(`"'=HYPERLINK(""x"")"`);
    const bad = await get('/api/finance/bill/export', { month: '2025-13' });
    expect(bad.status).toBe(422);
  });

  it("exports the ledger under the consume filters, only the seller's own", async () => {
    const res = await download('/api/finance/export', { kind: 'recharge' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines.slice(1).map((l: string) => l.split(',')[2])).toEqual(['Recharge', 'Recharge']);
    // The file speaks the asker's language.
    const zh = await download('/api/finance/export', { kind: 'recharge' }, 'zh-CN');
    expect(zh.body.slice(1).split('\r\n')[0]).toBe(
      '编号,时间（北京时间）,类型,金额,冻结变动,变动后余额,变动后冻结,关联单据,备注',
    );
    expect(zh.body.split('\r\n')[1]!.split(',')[2]).toBe('充值');
    const ranged = await download('/api/finance/export', {
      start: String(Date.parse('2025-01-01T00:00:00+08:00') / 1000),
      end: String(Date.parse('2025-02-01T00:00:00+08:00') / 1000),
    });
    expect(ranged.body.slice(1).trim().split('\r\n')).toHaveLength(3);
    expect((await call(t.app, 'GET', '/api/finance/export')).status).toBe(401);
  });
});
