import {
  bigint,
  bigserial,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ExportRowMode } from '@app/shared';
import { sellers } from './accounts.ts';

/** A seller's saved order-export column set (ordered keys of the export catalogue). */
export const orderExportTemplates = pgTable(
  'order_export_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    oneRowPer: text('one_row_per').$type<ExportRowMode>().notNull().default('order'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_export_templates_seller_name_uq').on(t.sellerId, t.name)],
);
