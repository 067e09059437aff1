import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';

/** An uploaded object owned by a seller; the bytes live in object storage under `key`. */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    kind: text('kind', { enum: ['image'] })
      .notNull()
      .default('image'),
    thumbKey: text('thumb_key'),
    /** Stored bytes of the image and its thumbnail together: what the storage quota counts. */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    /** 'image' lives in the image space (optionally in a category); 'material' in a material folder. */
    purpose: text('purpose', { enum: ['image', 'material'] })
      .notNull()
      .default('image'),
    /** Image category or material folder, by `purpose`; null is the top level. */
    folderId: bigint('folder_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_key_uq').on(t.key),
    index('files_seller_idx').on(t.sellerId, t.createdAt),
    index('files_seller_folder_idx').on(
      t.sellerId,
      t.purpose,
      t.folderId,
      t.createdAt.desc().nullsFirst(),
    ),
  ],
);
