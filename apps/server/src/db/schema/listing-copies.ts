import { bigint, bigserial, index, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';
import { listings } from './listings.ts';

/**
 * Which listing is a multi-station copy of which, per target store: the unique pair makes a
 * second copy to the same store update the first. Deleting either listing forgets the pair.
 */
export const listingCopies = pgTable(
  'listing_copies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    copyId: bigint('copy_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_copies_source_store_uq').on(t.sourceId, t.storeId),
    index('listing_copies_copy_idx').on(t.copyId),
  ],
);
