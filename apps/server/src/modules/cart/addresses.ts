import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  ADDRESS_MAX,
  type Address,
  type AddressInput,
  type PurchaseOrderAddress,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { addresses, sellers } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { findOwned, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { countryOf } from './countries.ts';

type AddressRow = typeof addresses.$inferSelect;
/** An address as the route's schema parsed it (defaults filled in). */
export type AddressValues = z.output<typeof AddressInput>;

export function addressOf(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    country_code: row.countryCode,
    province: row.province,
    city: row.city,
    district: row.district,
    address1: row.address1,
    address2: row.address2,
    postcode: row.postcode,
    is_default: row.isDefault,
  };
}

function columnsOf(input: AddressValues) {
  if (!countryOf(input.country_code)) {
    throw new ValidationError({ country_code: 'cart.no_shipping_to_country' });
  }
  return {
    name: input.name,
    phone: input.phone,
    countryCode: input.country_code,
    province: input.province,
    city: input.city,
    district: input.district,
    address1: input.address1,
    address2: input.address2,
    postcode: input.postcode,
  };
}

/**
 * Runs `fn` holding the seller row's lock: address writes of one seller queue up, so the
 * count limit and the one-default rule hold under concurrent requests.
 */
function serialized<T>(ctx: Ctx, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  return withTransaction(ctx, async (tx) => {
    await tx.db
      .select({ id: sellers.id })
      .from(sellers)
      .where(eq(sellers.id, sellerIdOf(tx)))
      .for('update');
    return fn(tx);
  });
}

async function makeDefault(ctx: Ctx, id: number): Promise<void> {
  await ctx.db
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(ownedBy(ctx, addresses.sellerId), eq(addresses.isDefault, true), ne(addresses.id, id)),
    );
  await ctx.db
    .update(addresses)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(and(ownedBy(ctx, addresses.sellerId), eq(addresses.id, id)));
}

/** The default address first, then the newest. */
export async function listAddresses(ctx: Ctx): Promise<Address[]> {
  const rows = await ctx.db
    .select()
    .from(addresses)
    .where(ownedBy(ctx, addresses.sellerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(addressOf);
}

/** The address as an order keeps it. */
export function shipToOf(address: Address): z.infer<typeof PurchaseOrderAddress> {
  return {
    name: address.name,
    phone: address.phone,
    country_code: address.country_code,
    province: address.province,
    city: address.city,
    district: address.district,
    address1: address.address1,
    address2: address.address2,
    postcode: address.postcode,
  };
}

export async function ownAddress(ctx: Ctx, id: number): Promise<Address> {
  return addressOf(await findOwned(ctx, addresses, id, 'cart.address_not_found'));
}

/** The seller's address by id, or the default one; null when the seller has none. */
export async function addressFor(ctx: Ctx, id?: number): Promise<Address | null> {
  if (id !== undefined) return ownAddress(ctx, id);
  const [row] = await ctx.db
    .select()
    .from(addresses)
    .where(and(ownedBy(ctx, addresses.sellerId), eq(addresses.isDefault, true)));
  return row ? addressOf(row) : null;
}

/** The first address is the default; a new one marked default takes over. */
export async function addAddress(ctx: Ctx, input: AddressValues): Promise<Address> {
  const values = columnsOf(input);
  return serialized(ctx, async (tx) => {
    const sellerId = sellerIdOf(tx);
    const [{ n } = { n: 0 }] = await tx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(addresses)
      .where(ownedBy(tx, addresses.sellerId));
    if (n >= ADDRESS_MAX) {
      throw new ConflictError('cart.address_limit', { max: ADDRESS_MAX });
    }
    const [row] = await tx.db
      .insert(addresses)
      .values({ sellerId, ...values })
      .returning();
    if (n === 0 || input.is_default) await makeDefault(tx, row!.id);
    return addressOf(await findOwned(tx, addresses, row!.id, 'cart.address_not_found'));
  });
}

/** Marking it default takes the default from the others; the default cannot be unmarked here. */
export async function editAddress(
  ctx: Ctx,
  input: AddressValues & { id: number },
): Promise<Address> {
  const values = columnsOf(input);
  return serialized(ctx, async (tx) => {
    await findOwned(tx, addresses, input.id, 'cart.address_not_found');
    await tx.db
      .update(addresses)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(addresses.id, input.id));
    if (input.is_default) await makeDefault(tx, input.id);
    return addressOf(await findOwned(tx, addresses, input.id, 'cart.address_not_found'));
  });
}

/** Deleting the default makes the newest remaining address the default. */
export async function deleteAddress(ctx: Ctx, id: number): Promise<Address[]> {
  await serialized(ctx, async (tx) => {
    const row = await findOwned(tx, addresses, id, 'cart.address_not_found');
    await tx.db.delete(addresses).where(eq(addresses.id, id));
    if (!row.isDefault) return;
    const [newest] = await tx.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(ownedBy(tx, addresses.sellerId))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (newest) await makeDefault(tx, newest.id);
  });
  return listAddresses(ctx);
}

export async function setDefaultAddress(ctx: Ctx, id: number): Promise<Address[]> {
  await serialized(ctx, async (tx) => {
    await findOwned(tx, addresses, id, 'cart.address_not_found');
    await makeDefault(tx, id);
  });
  return listAddresses(ctx);
}
