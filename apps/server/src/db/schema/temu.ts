import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';
import { stores } from './markets.ts';
import { factories } from './production.ts';

/**
 * Temu purchase orders: which of the platform's suppliers (its factories) fulfil a seller's
 * Temu store. One row per store and supplier; `seller_id` is the store's, for tenancy.
 */
export const temuSupplierStores = pgTable(
  'temu_supplier_stores',
  {
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => factories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.supplierId] }),
    index('temu_supplier_stores_seller_idx').on(t.sellerId),
  ],
);
