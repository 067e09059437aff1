import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';

/** Folders of a seller's image space (`/api/image/category/*`: id, name, pid). */
export const imageCategories = pgTable(
  'image_categories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    pid: bigint('pid', { mode: 'number' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_categories_seller_idx').on(t.sellerId, t.pid)],
);

/** Folders of a seller's design materials (`/api/material/dir*`). */
export const materialDirs = pgTable(
  'material_dirs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    pid: bigint('pid', { mode: 'number' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('material_dirs_seller_idx').on(t.sellerId, t.pid)],
);

/** Extra storage a seller bought (`space/dilatation`) on top of the default quota. */
export const storageQuotas = pgTable('storage_quotas', {
  sellerId: bigint('seller_id', { mode: 'number' })
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  extraBytes: bigint('extra_bytes', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
