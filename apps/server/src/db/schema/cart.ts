import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';

/** A seller's shipping addresses; exactly one is the default while any exist. */
export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    countryCode: text('country_code').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_seller_idx').on(t.sellerId, t.id),
    uniqueIndex('addresses_one_default_uq')
      .on(t.sellerId)
      .where(sql`${t.isDefault}`),
  ],
);
