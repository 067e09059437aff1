import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  AUTO_BUY_ADDRESS_POLICIES,
  MARKETPLACES,
  STORE_AUTH_STATUSES,
  STORE_SOURCES,
  TEMU_MODES,
} from '@app/shared';
import { sellers, users } from './accounts.ts';

/**
 * A seller's authorized marketplace store (spec 3: id, alias, tax_number, seller_id,
 * market_site_id, account, status, source). `credentials` is the `StoreAuth` sealed by
 * `integrations/secret-box.ts`; nothing else reads tokens. Authorizing the same account on the
 * same site again updates the row instead of adding a second one.
 */
export const stores = pgTable(
  'stores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace', { enum: MARKETPLACES }).notNull(),
    /** One of `MARKET_SITES` in packages/shared; those ids never change. */
    marketSiteId: integer('market_site_id').notNull(),
    alias: text('alias').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    account: text('account').notNull(),
    /** 1 = on, 0 = off: an off store is never synced or published to. */
    status: integer('status').notNull().default(1),
    source: text('source', { enum: STORE_SOURCES }).notNull(),
    authStatus: text('auth_status', { enum: STORE_AUTH_STATUSES }).notNull().default('active'),
    credentials: text('credentials').notNull(),
    /**
     * Temu: `local` (a US local seller, bg.local.goods.*) or `cross_border` (a semi-managed
     * seller, temu.goods.* on the partner gateway), chosen at authorization; null elsewhere.
     */
    mode: text('mode', { enum: TEMU_MODES }),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull().defaultNow(),
    /** Auto-buy: paid orders of our finished products are purchased and paid automatically. */
    autoBuy: boolean('auto_buy').notNull().default(false),
    /** CNY fen the automatic purchases may spend per Beijing day. */
    autoBuyCapMinor: bigint('auto_buy_cap_minor', { mode: 'number' }).notNull().default(0),
    autoBuyAddress: text('auto_buy_address', { enum: AUTO_BUY_ADDRESS_POLICIES })
      .notNull()
      .default('order_address'),
    /**
     * The user who saved auto-buy on with the boss's pay password, and when: the seller's
     * standing authorisation of the debits the automation makes without a pay password.
     */
    autoBuyAuthorizedBy: bigint('auto_buy_authorized_by', { mode: 'number' }).references(
      () => users.id,
      { onDelete: 'set null' },
    ),
    autoBuyAuthorizedAt: timestamp('auto_buy_authorized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stores_status_flag', sql`${t.status} in (0, 1)`),
    check('stores_auto_buy_cap_nonneg', sql`${t.autoBuyCapMinor} >= 0`),
    uniqueIndex('stores_seller_site_account_uq').on(t.sellerId, t.marketSiteId, t.account),
    index('stores_seller_created_idx').on(
      t.sellerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Which staff users (non-boss users of the store's seller) may see and use a store. */
export const storeStaff = pgTable(
  'store_staff',
  {
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    index('store_staff_user_idx').on(t.userId),
  ],
);

/** Exempt brands: the seller's own brands that forbidden-word checks never flag. */
export const exemptBrands = pgTable(
  'exempt_brands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** null = every store of the seller. */
    storeId: bigint('store_id', { mode: 'number' }).references(() => stores.id, {
      onDelete: 'cascade',
    }),
    brand: text('brand').notNull(),
    remark: text('remark').notNull().default(''),
    /** Amazon granted the brand a GTIN exemption: its listings publish without a UPC/EAN. */
    gtinExempt: boolean('gtin_exempt').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // coalesce: a plain unique index treats every null store as distinct.
    uniqueIndex('exempt_brands_seller_store_brand_uq').on(
      t.sellerId,
      sql`coalesce(${t.storeId}, 0)`,
      sql`lower(${t.brand})`,
    ),
  ],
);

/**
 * OAuth `state` values between the consent link and the marketplace's callback: stored as a
 * SHA-256 hash, single use, short-lived. The callback is public, so this row is what ties it to
 * the seller and user who asked.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stateHash: text('state_hash').notNull(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketSiteId: integer('market_site_id').notNull(),
    /** Re-authorization of this store; null adds a store. */
    storeId: bigint('store_id', { mode: 'number' }).references(() => stores.id, {
      onDelete: 'cascade',
    }),
    alias: text('alias'),
    shop: text('shop'),
    /** Temu's mode the seller chose (`stores.mode`), carried to the store the consent makes. */
    mode: text('mode', { enum: TEMU_MODES }),
    /** The redirect URI of the consent link; the token exchange must send the same one. */
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_states_hash_uq').on(t.stateHash)],
);
