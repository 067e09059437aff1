import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Server-driven menus: type 0 directory, 1 page, 2 permission. `scope` splits seller and operator trees. */
export const menus = pgTable(
  'menus',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope', { enum: ['seller', 'admin'] })
      .notNull()
      .default('seller'),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    router: text('router'),
    perms: text('perms'),
    type: integer('type').notNull(),
    icon: text('icon'),
    orderNum: integer('order_num').notNull().default(0),
    viewPath: text('view_path'),
    keepAlive: boolean('keep_alive').notNull().default(false),
    isShow: boolean('is_show').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menus_scope_parent_idx').on(t.scope, t.parentId, t.orderNum)],
);

/**
 * Every seeded menu identity ever inserted, so a start-up seed adds entries new to this
 * version but never brings back one an operator deleted.
 */
export const seededMenus = pgTable(
  'seeded_menus',
  {
    /** `task`: the default scheduled tasks (identity: their job kind), seeded the same way. */
    scope: text('scope', { enum: ['seller', 'admin', 'task'] }).notNull(),
    identity: text('identity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.identity] })],
);
