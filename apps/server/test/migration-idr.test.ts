import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orderItems, orders } from '../src/db/schema.ts';
import { createSeller } from './fixtures.ts';
import { databaseForFile } from './helper.ts';
import { orderFor, storeFor } from './order-fixtures.ts';

/**
 * Migration 0014: orders kept rupiah in whole units; the money module gives IDR two decimals
 * (ISO 4217), so stored rupiah amounts move to the new unit and other currencies stay.
 */
const database = databaseForFile();

it('multiplies stored rupiah amounts by 100 and leaves other currencies', async () => {
  const seller = await createSeller(database().db);
  const store = await storeFor(database().db, seller.sellerId);
  const idr = await orderFor(database().db, seller.sellerId, store, {
    currency: 'IDR',
    items: [{ sku: 'A', quantity: 1, lineMinor: 150_000 }],
  });
  const usd = await orderFor(database().db, seller.sellerId, store, {
    currency: 'USD',
    items: [{ sku: 'B', quantity: 1, lineMinor: 1_299 }],
  });
  const file = new URL('../drizzle/0014_idr_has_two_decimals.sql', import.meta.url);
  for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
    await database().db.execute(sql.raw(statement));
  }
  const totals = async (id: number) => {
    const [order] = await database().db.select().from(orders).where(eq(orders.id, id));
    const items = await database().db.select().from(orderItems).where(eq(orderItems.orderId, id));
    return [order!.totalMinor, ...items.map((i) => i.lineTotalMinor)];
  };
  expect(await totals(idr.id)).toEqual([15_000_000, 15_000_000]);
  expect(await totals(usd.id)).toEqual([1_299, 1_299]);
});
