import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS, type LedgerKind } from '@app/shared';
import { ledgerEntries, sellers } from '../../db/schema.ts';
import { databaseForFile } from '../../../test/helper.ts';
import { InsufficientFundsError, post } from './ledger.ts';

const database = databaseForFile();

async function newSeller(): Promise<number> {
  const [row] = await database()
    .db.insert(sellers)
    .values({ name: 'Ledger test' })
    .returning({ id: sellers.id });
  return row!.id;
}

async function money(sellerId: number) {
  const [seller] = await database()
    .db.select({ balance: sellers.balanceMinor, frozen: sellers.frozenMinor })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  const [sums] = await database()
    .db.select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)`,
      frozen: sql<string>`coalesce(sum(${ledgerEntries.frozenDeltaMinor}), 0)`,
      rows: sql<number>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, sellerId));
  return {
    balance: seller!.balance,
    frozen: seller!.frozen,
    ledgerBalance: Number(sums!.balance),
    ledgerFrozen: Number(sums!.frozen),
    rows: sums!.rows,
  };
}

describe('ledger.post', () => {
  it('keeps balance = sum of the ledger and never negative over 1,000 random operations', async () => {
    const op = fc.record({
      kind: fc.constantFrom<LedgerKind>(...LEDGER_KINDS),
      amountMinor: fc.integer({ min: 1, max: 50_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1000, maxLength: 1000 }), async (ops) => {
        const sellerId = await newSeller();
        // The model: what the balances must be, and which movements must be refused.
        let balance = 0;
        let frozen = 0;
        let refused = 0;
        for (const movement of ops) {
          const { kind, amountMinor } = movement;
          const sign = kind === 'recharge' || kind === 'refund' || kind === 'unfreeze' ? 1 : -1;
          const frozenSign = kind === 'freeze' ? 1 : kind === 'unfreeze' ? -1 : 0;
          const nextBalance = balance + sign * amountMinor;
          const nextFrozen = frozen + frozenSign * amountMinor;
          const attempt = database().db.transaction((tx) => post(tx, sellerId, movement));
          if (nextBalance < 0 || nextFrozen < 0) {
            await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
            refused++;
            continue;
          }
          expect(await attempt).toMatchObject({
            balanceMinor: nextBalance,
            frozenMinor: nextFrozen,
          });
          balance = nextBalance;
          frozen = nextFrozen;
        }
        expect(refused).toBeGreaterThan(0);
        const after = await money(sellerId);
        expect(after.balance).toBe(after.ledgerBalance);
        expect(after.frozen).toBe(after.ledgerFrozen);
        expect(after.balance).toBeGreaterThanOrEqual(0);
        expect(after.frozen).toBeGreaterThanOrEqual(0);
        expect(after).toMatchObject({ balance, frozen, rows: ops.length - refused });
        const negative = await database()
          .db.select({ id: ledgerEntries.id })
          .from(ledgerEntries)
          .where(
            sql`${ledgerEntries.sellerId} = ${sellerId} and (${ledgerEntries.balanceAfterMinor} < 0 or ${ledgerEntries.frozenAfterMinor} < 0)`,
          );
        expect(negative).toEqual([]);
      }),
      { numRuns: 1 },
    );
  });

  it('writes each row with the amounts after it, in order', async () => {
    const sellerId = await newSeller();
    const steps: Array<[LedgerKind, number]> = [
      ['recharge', 10_000],
      ['freeze', 3_000],
      ['payment', 2_500],
      ['unfreeze', 1_000],
      ['refund', 500],
    ];
    for (const [kind, amountMinor] of steps) {
      await database().db.transaction((tx) => post(tx, sellerId, { kind, amountMinor }));
    }
    const rows = await database()
      .db.select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, sellerId))
      .orderBy(ledgerEntries.id);
    expect(
      rows.map((r) => [r.kind, r.amountMinor, r.balanceAfterMinor, r.frozenAfterMinor]),
    ).toEqual([
      ['recharge', 10_000, 10_000, 0],
      ['freeze', -3_000, 7_000, 3_000],
      ['payment', -2_500, 4_500, 3_000],
      ['unfreeze', 1_000, 5_500, 2_000],
      ['refund', 500, 6_000, 2_000],
    ]);
  });

  it('refuses an overdraft and a second movement for the same reference', async () => {
    const sellerId = await newSeller();
    await database().db.transaction((tx) =>
      post(tx, sellerId, { kind: 'recharge', amountMinor: 1_000 }),
    );
    await expect(
      database().db.transaction((tx) =>
        post(tx, sellerId, { kind: 'payment', amountMinor: 1_001 }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const pay = () =>
      database().db.transaction((tx) =>
        post(tx, sellerId, { kind: 'payment', amountMinor: 100, ref: { type: 'order', id: 7 } }),
      );
    await pay();
    await expect(pay()).rejects.toThrow();
    expect((await money(sellerId)).balance).toBe(900);
  });

  it('serializes concurrent movements on the seller row', async () => {
    const sellerId = await newSeller();
    await database().db.transaction((tx) =>
      post(tx, sellerId, { kind: 'recharge', amountMinor: 1_000 }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        database().db.transaction((tx) =>
          post(tx, sellerId, { kind: 'payment', amountMinor: 100 }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const after = await money(sellerId);
    expect(after.balance).toBe(0);
    expect(after.ledgerBalance).toBe(0);
  });
});
