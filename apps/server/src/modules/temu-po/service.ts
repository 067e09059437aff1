import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  OrderBatchResult,
  SaveBatchLogisticsInput,
  TemuPoShippingServiceList,
  TemuPoStoreList,
  TemuPoWarehouseList,
  TemuShippingServicesInput,
  TemuSubAccountAuthorizationInput,
  TemuSubUserList,
  TemuSupplierList,
  TemuSupplierQuery,
  TemuSupplierStoreInput,
  TemuWarehouseAddressQuery,
  TemuWarehouseWithAddress,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { factories, storeStaff, stores, temuSupplierStores } from '../../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type {
  TemuConnector,
  TemuWarehouse,
} from '../../integrations/marketplaces/temu/connector.ts';
import { withTransaction } from '../../db/tx.ts';
import { ownedBy } from '../../tenancy.ts';
import { recordAudit } from '../audit/index.ts';
import {
  listStaff,
  openStoreSession,
  setStaff,
  visibleStores,
  type MarketCtx,
} from '../markets/service.ts';
import { saveBatchLogistics, visibleOrdersById } from '../orders/index.ts';

/** One of the actor's Temu stores; another seller's, or another marketplace's, is a 404. */
async function temuStore(ctx: Ctx, storeId: number) {
  const [store] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.marketplace, 'temu'), visibleStores(ctx)));
  if (!store) throw new NotFoundError('temu_po.store_not_found');
  return store;
}

async function temuSession(ctx: MarketCtx, storeId: number) {
  await temuStore(ctx, storeId);
  const opened = await openStoreSession(ctx, storeId, { forWrite: false });
  return { connector: opened.connector as TemuConnector, session: opened.session };
}

/** The platform's suppliers, each with the actor's Temu stores bound to it. */
export async function listSuppliers(ctx: Ctx, input: TemuSupplierQuery): Promise<TemuSupplierList> {
  if (input.store_id !== undefined) await temuStore(ctx, input.store_id);
  const [rows, bindings] = await Promise.all([
    ctx.db.select().from(factories).orderBy(asc(factories.id)),
    ctx.db
      .select({ supplierId: temuSupplierStores.supplierId, storeId: temuSupplierStores.storeId })
      .from(temuSupplierStores)
      .innerJoin(stores, eq(stores.id, temuSupplierStores.storeId))
      .where(visibleStores(ctx)),
  ]);
  return {
    list: rows.map((f) => {
      const storeIds = bindings.filter((b) => b.supplierId === f.id).map((b) => b.storeId);
      return {
        id: f.id,
        code: f.code,
        name: f.name,
        name_en: f.nameEn,
        store_ids: storeIds,
        bound: input.store_id !== undefined && storeIds.includes(input.store_id),
      };
    }),
  };
}

/** The actor's Temu stores with the suppliers bound to each. */
export async function listTemuStores(ctx: Ctx): Promise<TemuPoStoreList> {
  const rows = await ctx.db
    .select()
    .from(stores)
    .where(and(visibleStores(ctx), eq(stores.marketplace, 'temu')))
    .orderBy(asc(stores.id));
  const bindings =
    rows.length === 0
      ? []
      : await ctx.db
          .select()
          .from(temuSupplierStores)
          .where(
            inArray(
              temuSupplierStores.storeId,
              rows.map((s) => s.id),
            ),
          );
  return {
    list: rows.map((s) => ({
      id: s.id,
      alias: s.alias,
      account: s.account,
      mode: s.mode,
      auth_status: s.authStatus,
      supplier_ids: bindings.filter((b) => b.storeId === s.id).map((b) => b.supplierId),
    })),
  };
}

async function supplierOf(ctx: Ctx, supplierId: number) {
  const [row] = await ctx.db.select().from(factories).where(eq(factories.id, supplierId));
  if (!row) {
    throw new ValidationError({
      supplier_id: { key: 'temu_po.supplier_not_found', params: { id: supplierId } },
    });
  }
  return row;
}

/** The store's suppliers, for the audit record of a change to them. */
async function supplierIdsOf(ctx: Ctx, storeId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ supplierId: temuSupplierStores.supplierId })
    .from(temuSupplierStores)
    .where(eq(temuSupplierStores.storeId, storeId))
    .orderBy(asc(temuSupplierStores.supplierId));
  return rows.map((r) => r.supplierId);
}

export async function bindSupplier(ctx: Ctx, input: TemuSupplierStoreInput): Promise<void> {
  const store = await temuStore(ctx, input.store_id);
  await supplierOf(ctx, input.supplier_id);
  await withTransaction(ctx, async (tx) => {
    const before = await supplierIdsOf(tx, store.id);
    const added = await tx.db
      .insert(temuSupplierStores)
      .values({ sellerId: store.sellerId, storeId: store.id, supplierId: input.supplier_id })
      .onConflictDoNothing()
      .returning({ storeId: temuSupplierStores.storeId });
    if (added.length === 0) throw new ConflictError('temu_po.already_bound');
    await recordAudit(tx, {
      object: 'store',
      id: store.id,
      before: { supplier_ids: before },
      after: { supplier_ids: await supplierIdsOf(tx, store.id) },
    });
  });
}

export async function unlinkSupplier(ctx: Ctx, input: TemuSupplierStoreInput): Promise<void> {
  const store = await temuStore(ctx, input.store_id);
  await withTransaction(ctx, async (tx) => {
    const before = await supplierIdsOf(tx, store.id);
    const removed = await tx.db
      .delete(temuSupplierStores)
      .where(
        and(
          ownedBy(tx, temuSupplierStores.sellerId),
          eq(temuSupplierStores.storeId, store.id),
          eq(temuSupplierStores.supplierId, input.supplier_id),
        ),
      )
      .returning({ storeId: temuSupplierStores.storeId });
    if (removed.length === 0) throw new NotFoundError('temu_po.not_bound');
    await recordAudit(tx, {
      object: 'store',
      id: store.id,
      before: { supplier_ids: before },
      after: { supplier_ids: await supplierIdsOf(tx, store.id) },
    });
  });
}

/** The seller's sub-accounts (`pid`: the main account) and whether each may work the store. */
export async function listSubUsers(ctx: Ctx, storeId: number): Promise<TemuSubUserList> {
  const store = await temuStore(ctx, storeId);
  const [staff, granted] = await Promise.all([
    listStaff(ctx),
    ctx.db
      .select({ userId: storeStaff.userId })
      .from(storeStaff)
      .where(eq(storeStaff.storeId, store.id)),
  ]);
  const ids = new Set(granted.map((g) => g.userId));
  return { list: staff.map((s) => ({ ...s, authorized: ids.has(s.id) })) };
}

/** Which sub-accounts may work the store: the store list's staff assignment, for a Temu store. */
export async function authorizeSubAccounts(
  ctx: Ctx,
  input: TemuSubAccountAuthorizationInput,
): Promise<TemuSubUserList> {
  await temuStore(ctx, input.store_id);
  const staff = new Set((await listStaff(ctx)).map((s) => s.id));
  const unknown = input.user_ids.filter((id) => !staff.has(id));
  if (unknown.length > 0) {
    throw new ValidationError({
      user_ids: { key: 'markets.unknown_staff', params: { ids: unknown.join(', ') } },
    });
  }
  await setStaff(ctx, { id: input.store_id, staff_ids: input.user_ids });
  return listSubUsers(ctx, input.store_id);
}

/** `bg.logistics.warehouse.list.get`: the store's Temu warehouses. */
export async function listWarehouses(
  ctx: MarketCtx,
  storeId: number,
): Promise<TemuPoWarehouseList> {
  const { connector, session } = await temuSession(ctx, storeId);
  const rows = await connector.warehouses(session);
  return {
    list: rows.map((w) => ({ warehouse_id: w.warehouseId, warehouse_name: w.warehouseName })),
  };
}

const addressOf = (w: TemuWarehouse): TemuWarehouseWithAddress['address'] => {
  const a = w.warehouseAddress ?? {};
  return {
    country_code: a.regionName1 ?? '',
    state: a.regionName2 ?? '',
    city: a.regionName3 ?? '',
    address_line1: a.addressLine1 ?? '',
    address_line2: a.addressLine2 ?? '',
    postal_code: a.postCode ?? '',
    contact_name: a.contactName ?? '',
    phone: a.contactPhone ?? '',
  };
};

/** One Temu warehouse of the store with its address (where suppliers send the goods). */
export async function warehouseAddress(
  ctx: MarketCtx,
  input: TemuWarehouseAddressQuery,
): Promise<TemuWarehouseWithAddress> {
  const { connector, session } = await temuSession(ctx, input.store_id);
  const found = (await connector.warehouses(session)).find(
    (w) => w.warehouseId === input.warehouse_id,
  );
  if (!found) {
    throw new NotFoundError('temu_po.warehouse_not_found', { id: input.warehouse_id });
  }
  return {
    warehouse_id: found.warehouseId,
    warehouse_name: found.warehouseName,
    address: addressOf(found),
  };
}

/** `bg.logistics.shippingservices.get` for the store's orders (their parent order numbers). */
export async function listShippingServices(
  ctx: MarketCtx,
  input: TemuShippingServicesInput,
): Promise<TemuPoShippingServiceList> {
  const store = await temuStore(ctx, input.store_id);
  const rows = await visibleOrdersById(ctx, input.order_ids, { marketplace: 'temu' });
  const others = rows.filter((o) => o.storeId !== store.id || !o.remoteId);
  if (others.length > 0) {
    throw new ValidationError({ order_ids: 'temu_po.orders_of_store' });
  }
  const { connector, session } = await temuSession(ctx, input.store_id);
  const services = await connector.shippingServices(session, {
    warehouseId: input.warehouse_id,
    orderSnList: rows.map((o) => o.remoteId!),
  });
  return {
    list: services.map((s) => ({
      channel_id: s.channelId,
      ship_company_id: s.shipCompanyId,
      ship_company_name: s.shipCompanyName,
      shipping_service_name: s.shippingServiceName,
    })),
  };
}

/** The order desk's batch logistics, for Temu orders only (another one is a 404). */
export async function saveTemuLogistics(
  ctx: Ctx,
  input: SaveBatchLogisticsInput,
): Promise<OrderBatchResult> {
  await visibleOrdersById(
    ctx,
    input.list.map((l) => l.id),
    { marketplace: 'temu' },
  );
  return saveBatchLogistics(ctx, input);
}
