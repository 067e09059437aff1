import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permOf } from '@app/shared';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { call, type TestApp } from './helper.ts';
import { simStore } from './listing-fixtures.ts';
import { orderFor, storeFor } from './order-fixtures.ts';
import { startSimHarness, type SimHarness } from './sim-harness.ts';

/** Temu purchase orders (`/api/temu/po/*`) against the Temu simulator over HTTP. */
let h: SimHarness;
let t: TestApp;
let seller: SellerFixture;
let other: SellerFixture;
let staff: SellerFixture;
let clerk: SellerFixture;
let store: Awaited<ReturnType<typeof simStore>>;
let otherStore: Awaited<ReturnType<typeof simStore>>;
let amazonStoreId: number;

beforeAll(async () => {
  h = await startSimHarness();
  t = await h.app({ sleep: async () => {} });
  seller = await createSeller(t.database.db);
  other = await createSeller(t.database.db);
  // A staff member with every permission but the purchase orders', and one with it.
  staff = await createSeller(t.database.db, {
    sellerId: seller.sellerId,
    permissions: [permOf('/goods/temuyun', 'list')],
  });
  clerk = await createSeller(t.database.db, {
    sellerId: seller.sellerId,
    permissions: [permOf('/goods/temuyun', 'po')],
  });
  store = await simStore(t.database.db, t.config, h.sims, seller.sellerId, 'temu');
  otherStore = await simStore(t.database.db, t.config, h.sims, other.sellerId, 'temu');
  amazonStoreId = await storeFor(t.database.db, seller.sellerId);
}, 300_000);
afterAll(() => h?.close());

const api = (method: 'GET' | 'POST', path: string, body?: unknown, token = seller.token) =>
  call(t.app, method, `/api/temu/po/${path}`, {
    token,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
  });

describe('Temu purchase orders', () => {
  it('binds and unlinks a supplier to a Temu store; 409 twice, 404 when not bound', async () => {
    const suppliers = (await api('GET', 'getSuppliersList', {})).body.data.list;
    expect(suppliers.length).toBeGreaterThan(0);
    const supplier = suppliers[0].id;
    const stores = await api('GET', 'getTemuStoreList');
    expect(stores.body.data.list).toEqual([
      expect.objectContaining({ id: store.id, supplier_ids: [], auth_status: 'active' }),
    ]);

    const bound = await api('POST', 'bindSupplierStoreRelation', {
      store_id: store.id,
      supplier_id: supplier,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const again = await api('POST', 'bindSupplierStoreRelation', {
      store_id: store.id,
      supplier_id: supplier,
    });
    expect(again.status).toBe(409);
    const listed = await api('GET', 'getSuppliersList', { store_id: String(store.id) });
    expect(listed.body.data.list.find((s: any) => s.id === supplier)).toMatchObject({
      bound: true,
      store_ids: [store.id],
    });
    expect((await api('GET', 'getTemuStoreList')).body.data.list[0].supplier_ids).toEqual([
      supplier,
    ]);
    // The other seller sees none of it.
    const theirs = await api('GET', 'getSuppliersList', {}, other.token);
    expect(theirs.body.data.list.every((s: any) => s.store_ids.length === 0)).toBe(true);

    const unlinked = await api('POST', 'unlinkSupplierStoreRelation', {
      store_id: store.id,
      supplier_id: supplier,
    });
    expect(unlinked.status).toBe(200);
    const twice = await api('POST', 'unlinkSupplierStoreRelation', {
      store_id: store.id,
      supplier_id: supplier,
    });
    expect(twice.status).toBe(404);
  });

  it('authorizes sub-accounts on the store; only the main account may', async () => {
    const before = (await api('GET', 'getSubUserListByPid', { store_id: String(store.id) })).body
      .data.list;
    expect(before.map((u: any) => [u.id, u.authorized])).toEqual(
      expect.arrayContaining([
        [staff.userId, false],
        [clerk.userId, false],
      ]),
    );
    const granted = await api('POST', 'subAccountAuthorizationSubmit', {
      store_id: store.id,
      user_ids: [clerk.userId],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.data.list.find((u: any) => u.id === clerk.userId).authorized).toBe(true);
    // The clerk now sees the store (its store scope), the other staff member does not.
    const seen = await api('GET', 'getTemuStoreList', undefined, clerk.token);
    expect(seen.body.data.list.map((s: any) => s.id)).toEqual([store.id]);
    const byStaff = await api(
      'POST',
      'subAccountAuthorizationSubmit',
      { store_id: store.id, user_ids: [] },
      clerk.token,
    );
    expect(byStaff.status).toBe(403);
    const foreign = await api('POST', 'subAccountAuthorizationSubmit', {
      store_id: store.id,
      user_ids: [other.userId],
    });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.data.fields)).toEqual(['user_ids']);
  });

  it("reads the store's Temu warehouses, one's address and the shipping services for its orders", async () => {
    const warehouses = await api('GET', 'getWareHouse', { store_id: String(store.id) });
    expect(warehouses.status, JSON.stringify(warehouses.body)).toBe(200);
    const [warehouse] = warehouses.body.data.list;
    expect(warehouse.warehouse_id).toEqual(expect.any(String));
    const address = await api('GET', 'get-warehouse-address', {
      store_id: String(store.id),
      warehouse_id: warehouse.warehouse_id,
    });
    expect(address.body.data.address).toMatchObject({ country_code: 'US', postal_code: '91761' });
    const missing = await api('GET', 'get-warehouse-address', {
      store_id: String(store.id),
      warehouse_id: 'WH-NONE',
    });
    expect(missing.status).toBe(404);

    const order = await orderFor(t.database.db, seller.sellerId, store.id, {
      marketplace: 'temu',
      items: [{ sku: 'TEE-1', quantity: 1, lineMinor: 1_999 }],
    });
    const services = await api('POST', 'getShippingServices', {
      store_id: store.id,
      warehouse_id: warehouse.warehouse_id,
      order_ids: [order.id],
    });
    expect(services.status, JSON.stringify(services.body)).toBe(200);
    expect(services.body.data.list[0]).toMatchObject({
      ship_company_name: expect.any(String),
      channel_id: expect.any(Number),
    });
  });

  it('batch-saves logistics on Temu orders only', async () => {
    const order = await orderFor(t.database.db, seller.sellerId, store.id, {
      marketplace: 'temu',
      items: [{ sku: 'TEE-2', quantity: 1, lineMinor: 1_999 }],
    });
    const amazonOrder = await orderFor(t.database.db, seller.sellerId, amazonStoreId, {
      items: [{ sku: 'TEE-3', quantity: 1, lineMinor: 1_999 }],
    });
    const notTemu = await api('POST', 'batchSaveLogistics', {
      list: [{ id: amazonOrder.id, user_logistics_channel_id: 1, shipped_number: 'T1' }],
    });
    expect(notTemu.status).toBe(404);
    const empty = await api('POST', 'batchSaveLogistics', { list: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.data.fields)).toEqual(['list']);
    const theirs = await api(
      'POST',
      'batchSaveLogistics',
      { list: [{ id: order.id, user_logistics_channel_id: 1, shipped_number: 'T1' }] },
      other.token,
    );
    expect(theirs.status).toBe(404);
  });

  it("answers 404 for another seller's store, 422 for bad input, 403 without the permission", async () => {
    const pair = { store_id: otherStore.id, supplier_id: 1 };
    expect((await api('POST', 'bindSupplierStoreRelation', pair)).status).toBe(404);
    expect((await api('GET', 'getWareHouse', { store_id: String(otherStore.id) })).status).toBe(
      404,
    );
    expect(
      (await api('GET', 'getSubUserListByPid', { store_id: String(amazonStoreId) })).status,
    ).toBe(404);
    const unknown = await api('POST', 'bindSupplierStoreRelation', {
      store_id: store.id,
      supplier_id: 999_999,
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.data.fields)).toEqual(['supplier_id']);
    const bad = await api('GET', 'getWareHouse', { store_id: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields)).toEqual(['store_id']);
    expect((await api('GET', 'getSuppliersList', {}, staff.token)).status).toBe(403);
    expect((await api('GET', 'getTemuStoreList', undefined, staff.token)).status).toBe(403);
  });
});
