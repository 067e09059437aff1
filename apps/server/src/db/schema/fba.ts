import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sellers } from './accounts.ts';
import { purchaseOrders } from './finance.ts';
import { stores } from './markets.ts';

/** Where an FBA inbound plan stands in the wizard (issue 21). */
export const FBA_STEPS = ['packing', 'placement', 'transport', 'confirmed', 'cancelled'] as const;

/** An Amazon address of the plan's origin (the model's `Address`). */
export interface FbaAddress {
  name: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvinceCode?: string;
  postalCode: string;
  countryCode: string;
  phoneNumber: string;
}

/** A plan line: the seller SKU (Amazon's msku), with what Amazon knows it by once created. */
export interface FbaItem {
  sku: string;
  quantity: number;
  title: string;
  asin: string | null;
  fnsku: string | null;
}

/** A box kind as the seller packed it: `count` identical boxes of these contents. */
export interface FbaBox {
  length: number;
  width: number;
  height: number;
  dimensionUnit: 'CM' | 'IN';
  weight: number;
  weightUnit: 'KG' | 'LB';
  count: number;
  items: Array<{ sku: string; quantity: number }>;
}

/**
 * A box of a shipment as Amazon lists it; `packageId`, size and weight (absent in rows synced
 * before content updates) say which box a content update keeps.
 */
export interface FbaShipmentBox {
  boxId: string;
  packageId?: string;
  size?: Pick<FbaBox, 'length' | 'width' | 'height' | 'dimensionUnit' | 'weight' | 'weightUnit'>;
  items: Array<{ sku: string; quantity: number }>;
}

/**
 * What Amazon offered at the current step, kept so the wizard can show it again: packing
 * options (with their packing group), placement options (with fees), transportation options.
 */
export interface FbaOffers {
  packing?: Array<{ id: string; packingGroupId: string; mode: string | null }>;
  placement?: Array<{ id: string; shipmentIds: string[]; fee: string; currency: string }>;
  transport?: Array<{
    id: string;
    shipmentId: string;
    partnered: boolean;
    carrier: string;
    mode: string;
    cost: string | null;
    currency: string | null;
  }>;
  /** The packing option confirmed at step 2, whose packing group an edit of the boxes uses. */
  packingOptionId?: string;
  /** A shipment content update Amazon priced and the seller has yet to confirm. */
  contentUpdate?: {
    shipmentId: string;
    previewId: string;
    expiration: string;
    cost: string | null;
    currency: string | null;
    boxes: FbaShipmentBox[];
  };
}

/** A seller's FBA inbound plan in one Amazon store. */
export const fbaPlans = pgTable(
  'fba_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** Our number (`FP…`), the list's order_number filter. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    remotePlanId: text('remote_plan_id').notNull(),
    step: text('step', { enum: FBA_STEPS }).notNull().default('packing'),
    sourceAddress: jsonb('source_address').$type<FbaAddress>().notNull(),
    items: jsonb('items').$type<FbaItem[]>().notNull(),
    boxes: jsonb('boxes').$type<FbaBox[]>().notNull().default([]),
    offers: jsonb('offers').$type<FbaOffers>().notNull().default({}),
    placementOptionId: text('placement_option_id'),
    /** Amazon's text of the last step that failed, shown until a step succeeds. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fba_plans_number').on(t.sellerId, t.number),
    index('fba_plans_seller_created').on(t.sellerId, t.createdAt),
  ],
);

/** A shipment Amazon made of a plan when its placement was confirmed. */
export const fbaShipments = pgTable(
  'fba_shipments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => fbaPlans.id, { onDelete: 'cascade' }),
    remoteShipmentId: text('remote_shipment_id').notNull(),
    /** `FBA…`, printed on the box labels; the list's shipment_id filter. */
    confirmationId: text('confirmation_id'),
    /** Amazon's status: WORKING, SHIPPED, RECEIVING, CLOSED, CANCELLED… */
    status: text('status').notNull().default('WORKING'),
    warehouseId: text('warehouse_id'),
    transportationOptionId: text('transportation_option_id'),
    carrier: text('carrier'),
    boxes: jsonb('boxes').$type<FbaShipmentBox[]>().notNull().default([]),
    tracking: jsonb('tracking')
      .$type<Array<{ boxId: string; trackingId: string }>>()
      .notNull()
      .default([]),
    /** Each status seen and when, for the detail page's timeline. */
    history: jsonb('history').$type<Array<{ status: string; at: string }>>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('fba_shipments_remote').on(t.planId, t.remoteShipmentId),
    index('fba_shipments_confirmation').on(t.confirmationId),
  ],
);

/**
 * A SKU's stock at Amazon's fulfilment centres in one store, as the FBA Inventory API last
 * summed it (fulfillable, inbound = working + shipped + receiving, reserved, unfulfillable).
 * Replaced store by store when the seller refreshes the inventory page.
 */
export const fbaInventory = pgTable(
  'fba_inventory',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    asin: text('asin'),
    fnsku: text('fnsku'),
    title: text('title').notNull().default(''),
    fulfillable: integer('fulfillable').notNull().default(0),
    inbound: integer('inbound').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    unfulfillable: integer('unfulfillable').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fba_inventory_store_sku').on(t.storeId, t.sku),
    index('fba_inventory_seller_sku').on(t.sellerId, t.sku),
  ],
);

/** A line of a POD-to-FBA order: the finished SKU bought and the Amazon SKU it is sent as. */
export interface FbaPodItem {
  skuId: number;
  sku: string;
  title: string;
  quantity: number;
  /** Known before the plan when Amazon had it already; from the plan's items after. */
  fnsku: string | null;
}

/**
 * A purchase order the platform produces for a seller's FBA inbound (POD to FBA, issue 21): the
 * store it goes to, what was bought per Amazon SKU, the boxes the operator packed (recorded on
 * the order: contents, size, weight) and the inbound plan made of them.
 */
export const fbaPodOrders = pgTable(
  'fba_pod_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<FbaPodItem[]>().notNull(),
    boxes: jsonb('boxes').$type<FbaBox[]>().notNull().default([]),
    sourceAddress: jsonb('source_address').$type<FbaAddress>(),
    planId: bigint('plan_id', { mode: 'number' }).references(() => fbaPlans.id, {
      onDelete: 'set null',
    }),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fba_pod_orders_po').on(t.purchaseOrderId),
    index('fba_pod_orders_seller_created').on(t.sellerId, t.createdAt),
  ],
);
