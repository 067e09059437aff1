import { z } from 'zod';
import { STORE_AUTH_STATUSES, STORE_STAFF_MAX, TEMU_MODES } from './market.ts';
import { queryInt, text } from './common.ts';

/**
 * Temu purchase orders (spec 7 "Temu listings and purchase orders", `/api/temu/po/*`): the
 * platform's suppliers (its factories) bound to the seller's Temu stores, the sub-accounts
 * (staff) authorized to work a store's orders, and the store's Temu warehouses and shipping
 * services for the logistics of its orders.
 */
const id = z.number().int().positive();
const queryId = queryInt(id);

export const TemuSupplierQuery = z.object({ store_id: queryId.optional() });
export type TemuSupplierQuery = z.infer<typeof TemuSupplierQuery>;

export const TemuSupplier = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  /** The seller's Temu stores bound to it. */
  store_ids: z.array(z.number().int()),
  /** Bound to the `store_id` asked about (false without one). */
  bound: z.boolean(),
});
export const TemuSupplierList = z.object({ list: z.array(TemuSupplier) });
export type TemuSupplierList = z.infer<typeof TemuSupplierList>;

export const TemuPoStore = z.object({
  id: z.number().int(),
  alias: z.string(),
  account: z.string(),
  mode: z.enum(TEMU_MODES).nullable(),
  auth_status: z.enum(STORE_AUTH_STATUSES),
  supplier_ids: z.array(z.number().int()),
});
export const TemuPoStoreList = z.object({ list: z.array(TemuPoStore) });
export type TemuPoStoreList = z.infer<typeof TemuPoStoreList>;

export const TemuSupplierStoreInput = z.object({ store_id: id, supplier_id: id });
export type TemuSupplierStoreInput = z.infer<typeof TemuSupplierStoreInput>;

export const TemuStoreQuery = z.object({ store_id: queryId });
export type TemuStoreQuery = z.infer<typeof TemuStoreQuery>;

/** A sub-account (staff member) of the seller (`pid`: the boss account) and its grant on the store. */
export const TemuSubUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  authorized: z.boolean(),
});
export const TemuSubUserList = z.object({ list: z.array(TemuSubUser) });
export type TemuSubUserList = z.infer<typeof TemuSubUserList>;

export const TemuSubAccountAuthorizationInput = z.object({
  store_id: id,
  /** Every sub-account that may work the store from now on (replaces the list). */
  user_ids: z.array(id).max(STORE_STAFF_MAX),
});
export type TemuSubAccountAuthorizationInput = z.infer<typeof TemuSubAccountAuthorizationInput>;

export const TemuWarehouseAddress = z.object({
  country_code: z.string(),
  state: z.string(),
  city: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  postal_code: z.string(),
  contact_name: z.string(),
  phone: z.string(),
});

export const TemuPoWarehouse = z.object({
  warehouse_id: z.string(),
  warehouse_name: z.string(),
});
export const TemuPoWarehouseList = z.object({ list: z.array(TemuPoWarehouse) });
export type TemuPoWarehouseList = z.infer<typeof TemuPoWarehouseList>;

export const TemuWarehouseAddressQuery = z.object({
  store_id: queryId,
  warehouse_id: text().min(1).max(64),
});
export type TemuWarehouseAddressQuery = z.infer<typeof TemuWarehouseAddressQuery>;

export const TemuWarehouseWithAddress = TemuPoWarehouse.extend({ address: TemuWarehouseAddress });
export type TemuWarehouseWithAddress = z.infer<typeof TemuWarehouseWithAddress>;

export const TemuShippingServicesInput = z.object({
  store_id: id,
  warehouse_id: text().min(1).max(64),
  /** Our order ids (the store's Temu orders); their parent order numbers go to Temu. */
  order_ids: z.array(id).min(1).max(20),
});
export type TemuShippingServicesInput = z.infer<typeof TemuShippingServicesInput>;

export const TemuPoShippingService = z.object({
  channel_id: z.number().int(),
  ship_company_id: z.number().int(),
  ship_company_name: z.string(),
  shipping_service_name: z.string(),
});
export const TemuPoShippingServiceList = z.object({ list: z.array(TemuPoShippingService) });
export type TemuPoShippingServiceList = z.infer<typeof TemuPoShippingServiceList>;
