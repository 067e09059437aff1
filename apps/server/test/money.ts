import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LedgerKind } from '@app/shared';
import { ledgerEntries, sellers, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { post } from '../src/modules/finance/ledger.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';

export const PAY_PASSWORD = '246810';
let payHash: Promise<string> | null = null;

/** A boss with a pay password and `balanceMinor` on the account (a recharge in the ledger). */
export async function payer(t: TestApp, balanceMinor = 0): Promise<SellerFixture> {
  const seller = await createSeller(t.database.db);
  payHash ??= hashPassword(PAY_PASSWORD);
  await t.database.db
    .update(users)
    .set({ payPasswordHash: await payHash })
    .where(eq(users.id, seller.userId));
  if (balanceMinor > 0) await credit(t, seller.sellerId, balanceMinor);
  return seller;
}

export function credit(t: TestApp, sellerId: number, amountMinor: number) {
  return t.database.db.transaction((tx) => post(tx, sellerId, { kind: 'recharge', amountMinor }));
}

/** A paying call with a fresh Idempotency-Key unless one is given. */
export function pay(
  t: TestApp,
  seller: SellerFixture,
  url: string,
  body: unknown,
  key: string = randomUUID(),
) {
  return call(t.app, 'POST', url, {
    token: seller.token,
    body,
    headers: { 'idempotency-key': key },
  });
}

/** Checks out every cart line to a new US address; the call's answer, for its status and order. */
export async function checkoutCart(t: TestApp, seller: SellerFixture) {
  const post = (url: string, body: unknown) =>
    call(t.app, 'POST', url, { token: seller.token, body });
  const address = await post('/api/shoppingcart/addressAdd', {
    name: 'Jane Roe',
    phone: '+1 415 555 0100',
    country_code: 'US',
    city: 'San Francisco',
    address1: '1 Market St',
  });
  const st = (await post('/api/shoppingcart/settlement', {})).body.data;
  return pay(t, seller, '/api/shoppingcart/orderSubmit', {
    address_id: address.body.data.id,
    items: st.items.map((l: { sku_id: number; quantity: number; unit_price_minor: number }) => ({
      sku_id: l.sku_id,
      quantity: l.quantity,
      unit_price_minor: l.unit_price_minor,
    })),
    total_minor: st.total_minor,
  });
}

export async function balanceOf(t: TestApp, sellerId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ balance: sellers.balanceMinor })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return row!.balance;
}

export function ledgerRows(t: TestApp, sellerId: number, kind: LedgerKind) {
  return t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.kind, kind)));
}
