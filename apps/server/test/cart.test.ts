import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MAX, CART_LINE_QUANTITY_MAX } from '@app/shared';
import {
  addresses,
  cartItems,
  finishedSkus,
  memberLevels,
  parentSkus,
  purchaseOrders,
  sellers,
} from '../src/db/schema.ts';
import { createSeller, type SellerFixture } from './fixtures.ts';
import { productFor, stockOf, type Product } from './cart-fixtures.ts';
import { buildTestApp, call, type TestApp } from './helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (
  seller: SellerFixture,
  url: string,
  body: unknown,
  headers?: Record<string, string>,
) => call(t.app, 'POST', url, { token: seller.token, body, headers });
const get = (seller: SellerFixture, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token: seller.token, query });
const submit = (seller: SellerFixture, body: unknown, key: string = randomUUID()) =>
  post(seller, '/api/shoppingcart/orderSubmit', body, { 'idempotency-key': key });

const US_ADDRESS = {
  name: 'Jane Roe',
  phone: '+1 415 555 0100',
  country_code: 'us',
  province: 'CA',
  city: 'San Francisco',
  address1: '1 Market St',
  postcode: '94105',
};

async function seller(): Promise<SellerFixture> {
  return createSeller(t.database.db);
}

async function add(s: SellerFixture, skuId: number, quantity = 1) {
  const res = await post(s, '/api/shoppingcart/cartAdd', { sku_id: skuId, quantity });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function addAddress(s: SellerFixture, body: Record<string, unknown> = US_ADDRESS) {
  const res = await post(s, '/api/shoppingcart/addressAdd', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const tee = (s: SellerFixture, extra: Partial<Parameters<typeof productFor>[2]> = {}) =>
  productFor(t.database.db, s.sellerId, {
    weightG: 300,
    skus: [
      { color: 'White', size: 'M', costMinor: 2_000, stock: 10 },
      { color: 'Black', size: 'L', costMinor: 2_500, stock: 3 },
    ],
    ...extra,
  });

describe('cart lines', () => {
  it('adds, merges, counts and prices lines at the parent SKU cost with the colour image', async () => {
    const s = await seller();
    const p = await tee(s, {
      unmade: true,
      images: [{ url: '/img/any.png' }, { url: '/img/black.png', color: 'Black', kind: 'mockup' }],
    });
    await add(s, p.skus[0]!.id, 2);
    await add(s, p.skus[0]!.id, 3);
    const view = await add(s, p.skus[1]!.id);
    expect(view.count).toBe(2);
    const white = view.items.find((l: { sku_id: number }) => l.sku_id === p.skus[0]!.id);
    expect(white).toMatchObject({
      quantity: 5,
      selected: true,
      unit_price_minor: 2_000,
      line_total_minor: 10_000,
      weight_g: 300,
      stock: 10,
      problem: null,
      image: '/img/any.png',
      color: 'White',
    });
    const black = view.items.find((l: { sku_id: number }) => l.sku_id === p.skus[1]!.id);
    expect(black.image).toBe('/img/black.png');
    expect(view).toMatchObject({ selected_count: 2, selected_quantity: 6, subtotal_minor: 12_500 });

    const unmade = await add(s, p.skus[2]!.id);
    expect(unmade.items.find((l: { sku_id: number }) => l.sku_id === p.skus[2]!.id)).toMatchObject({
      problem: 'not_fulfillable',
      unit_price_minor: 0,
    });
    // A line with a problem does not count in the totals even when selected.
    expect(unmade).toMatchObject({ count: 3, selected_count: 3, subtotal_minor: 12_500 });

    const listed = await get(s, '/api/shoppingcart/cartList');
    expect(listed.body.data).toEqual(unmade);
  });

  it('marks short stock and off-sale lines', async () => {
    const s = await seller();
    const p = await tee(s);
    await add(s, p.skus[1]!.id, 4);
    let view = await add(s, p.skus[0]!.id);
    expect(view.items.map((l: { problem: string | null }) => l.problem)).toEqual([
      null,
      'short_stock',
    ]);
    await t.database.db
      .update(parentSkus)
      .set({ status: 'off' })
      .where(eq(parentSkus.id, p.skus[0]!.parentSkuId!));
    view = (await get(s, '/api/shoppingcart/cartList')).body.data;
    expect(view.items.map((l: { problem: string | null }) => l.problem)).toEqual([
      'off_sale',
      'short_stock',
    ]);
    expect(view.subtotal_minor).toBe(0);
  });

  it('increments up to the maximum, decrements never below 1, sets and validates quantities', async () => {
    const s = await seller();
    const p = await tee(s);
    const line = (await add(s, p.skus[0]!.id, 2)).items[0];
    expect(
      (await post(s, '/api/shoppingcart/cartInc', { id: line.id })).body.data.items[0].quantity,
    ).toBe(3);
    for (let i = 0; i < 3; i++) await post(s, '/api/shoppingcart/cartDec', { id: line.id });
    expect((await get(s, '/api/shoppingcart/cartList')).body.data.items[0].quantity).toBe(1);

    const set = await post(s, '/api/shoppingcart/editCartNum', {
      id: line.id,
      quantity: CART_LINE_QUANTITY_MAX,
    });
    expect(set.body.data.items[0].quantity).toBe(CART_LINE_QUANTITY_MAX);
    const inc = await post(s, '/api/shoppingcart/cartInc', { id: line.id });
    expect(inc.body.data.items[0].quantity).toBe(CART_LINE_QUANTITY_MAX);

    for (const quantity of [0, CART_LINE_QUANTITY_MAX + 1, 1.5]) {
      const bad = await post(s, '/api/shoppingcart/editCartNum', { id: line.id, quantity });
      expect(bad.status).toBe(422);
      expect(bad.body.data.fields).toHaveProperty('quantity');
    }
    const noSku = await post(s, '/api/shoppingcart/cartAdd', { sku_id: 'x' });
    expect(noSku.status).toBe(422);
    expect(noSku.body.data.fields).toHaveProperty('sku_id');
  });

  it('switches a line to another SKU of its product, merging with its line', async () => {
    const s = await seller();
    const p = await tee(s);
    const other = await tee(s);
    await add(s, p.skus[1]!.id, 2);
    const view = await add(s, p.skus[0]!.id, 4);
    const white = view.items.find((l: { sku_id: number }) => l.sku_id === p.skus[0]!.id);

    const options = await get(s, '/api/shoppingcart/cartAttr', { id: String(white.id) });
    expect(options.body.data.map((o: { sku_id: number }) => o.sku_id)).toEqual([
      p.skus[0]!.id,
      p.skus[1]!.id,
    ]);
    expect(options.body.data[1]).toMatchObject({
      unit_price_minor: 2_500,
      stock: 3,
      problem: 'short_stock',
    });

    const cross = await post(s, '/api/shoppingcart/editCartPurchase', {
      id: white.id,
      sku_id: other.skus[0]!.id,
    });
    expect(cross.status).toBe(404);

    const merged = await post(s, '/api/shoppingcart/editCartPurchase', {
      id: white.id,
      sku_id: p.skus[1]!.id,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.data.items).toHaveLength(1);
    expect(merged.body.data.items[0]).toMatchObject({ sku_id: p.skus[1]!.id, quantity: 6 });
  });

  it('selects lines, deletes some and empties the cart', async () => {
    const s = await seller();
    const p = await tee(s);
    await add(s, p.skus[0]!.id);
    const view = await add(s, p.skus[1]!.id);
    const [first, second] = view.items;
    const unselected = await post(s, '/api/shoppingcart/cartXz', { id: first.id, selected: false });
    expect(unselected.body.data).toMatchObject({ selected_count: 1 });
    const none = await post(s, '/api/shoppingcart/cartAll', { selected: false });
    expect(none.body.data).toMatchObject({ selected_count: 0, subtotal_minor: 0 });
    const all = await post(s, '/api/shoppingcart/cartAll', { selected: true });
    expect(all.body.data.selected_count).toBe(2);

    const deleted = await post(s, '/api/shoppingcart/cartDel', { ids: [second.id] });
    expect(deleted.body.data.items.map((l: { id: number }) => l.id)).toEqual([first.id]);
    const badIds = await post(s, '/api/shoppingcart/cartDel', { ids: [] });
    expect(badIds.status).toBe(422);
    expect(badIds.body.data.fields).toHaveProperty('ids');
    const emptied = await post(s, '/api/shoppingcart/delCart', {});
    expect(emptied.body.data).toEqual({
      items: [],
      count: 0,
      selected_count: 0,
      selected_quantity: 0,
      subtotal_minor: 0,
    });
  });

  it("answers 404 for another seller's line or SKU and changes nothing", async () => {
    const owner = await seller();
    const stranger = await seller();
    const p = await tee(owner);
    const line = (await add(owner, p.skus[0]!.id, 2)).items[0];
    for (const [url, body] of [
      ['/api/shoppingcart/cartInc', { id: line.id }],
      ['/api/shoppingcart/cartDec', { id: line.id }],
      ['/api/shoppingcart/editCartNum', { id: line.id, quantity: 7 }],
      ['/api/shoppingcart/editCartPurchase', { id: line.id, sku_id: p.skus[1]!.id }],
      ['/api/shoppingcart/cartXz', { id: line.id, selected: false }],
      ['/api/shoppingcart/cartDel', { ids: [line.id] }],
      ['/api/shoppingcart/cartAdd', { sku_id: p.skus[0]!.id }],
    ] as const) {
      const res = await post(stranger, url, body);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    expect(
      (await get(stranger, '/api/shoppingcart/cartAttr', { id: String(line.id) })).status,
    ).toBe(404);
    await post(stranger, '/api/shoppingcart/delCart', {});
    await post(stranger, '/api/shoppingcart/cartAll', { selected: false });
    const [row] = await t.database.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(row).toMatchObject({ quantity: 2, selected: 1 });
  });

  it('requires a signed-in seller user', async () => {
    expect((await call(t.app, 'GET', '/api/shoppingcart/cartList')).status).toBe(401);
  });
});

describe('countries and addresses', () => {
  it('lists countries with rates and regions for CN and US only', async () => {
    const s = await seller();
    const countries = (await get(s, '/api/common/countries')).body.data;
    expect(countries.length).toBeGreaterThanOrEqual(25);
    expect(countries.find((c: { code: string }) => c.code === 'US')).toEqual({
      code: 'US',
      name: '美国',
      name_en: 'United States',
      phone_prefix: '+1',
      first_weight_g: 500,
      first_minor: 4_500,
      additional_weight_g: 500,
      additional_minor: 1_800,
    });
    const us = await get(s, '/api/common/address_new', { country_code: 'us' });
    expect(us.body.data).toContainEqual({
      code: 'CA',
      name: '加利福尼亚州',
      name_en: 'California',
    });
    expect(
      (await get(s, '/api/common/address_new', { country_code: 'CN' })).body.data.length,
    ).toBeGreaterThan(30);
    expect((await get(s, '/api/common/address_new', { country_code: 'DE' })).body.data).toEqual([]);
    const bad = await get(s, '/api/common/address_new', { country_code: 'USA' });
    expect(bad.status).toBe(422);
  });

  it('keeps exactly one default: the first, a new default, and the newest after deleting it', async () => {
    const s = await seller();
    const first = await addAddress(s);
    expect(first).toMatchObject({
      is_default: true,
      country_code: 'US',
      district: '',
      address2: '',
    });
    const second = await addAddress(s, { ...US_ADDRESS, name: 'Second' });
    expect(second.is_default).toBe(false);
    const third = await addAddress(s, { ...US_ADDRESS, name: 'Third', is_default: true });
    expect(third.is_default).toBe(true);
    let list = (await get(s, '/api/shoppingcart/addressList')).body.data;
    expect(list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);

    list = (await post(s, '/api/shoppingcart/addressDefault', { id: first.id })).body.data;
    expect(list[0]).toMatchObject({ id: first.id, is_default: true });
    list = (await post(s, '/api/shoppingcart/addressDel', { id: first.id })).body.data;
    expect(list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);

    const edited = await post(s, '/api/shoppingcart/addressEdit', {
      ...US_ADDRESS,
      id: second.id,
      city: 'Oakland',
      is_default: true,
    });
    expect(edited.body.data).toMatchObject({ city: 'Oakland', is_default: true });
    const defaults = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.sellerId, s.sellerId));
    expect(defaults.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);
  });

  it('422 naming the field for an unknown country or bad input; 409 beyond the limit', async () => {
    const s = await seller();
    const unknown = await post(s, '/api/shoppingcart/addressAdd', {
      ...US_ADDRESS,
      country_code: 'ZZ',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data.fields).toHaveProperty('country_code');
    const bad = await post(s, '/api/shoppingcart/addressAdd', {
      ...US_ADDRESS,
      phone: 'call me',
      city: '',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['city', 'phone']);

    await t.database.db.insert(addresses).values(
      Array.from({ length: ADDRESS_MAX }, (_, i) => ({
        sellerId: s.sellerId,
        name: `N${i}`,
        phone: '123456',
        countryCode: 'US',
        city: 'X',
        address1: 'Y',
        isDefault: i === 0,
      })),
    );
    const over = await post(s, '/api/shoppingcart/addressAdd', US_ADDRESS);
    expect(over.status).toBe(409);
  });

  it("answers 404 for another seller's address", async () => {
    const owner = await seller();
    const stranger = await seller();
    const address = await addAddress(owner);
    for (const [url, body] of [
      ['/api/shoppingcart/addressEdit', { ...US_ADDRESS, id: address.id }],
      ['/api/shoppingcart/addressDel', { id: address.id }],
      ['/api/shoppingcart/addressDefault', { id: address.id }],
      ['/api/shoppingcart/settlement', { address_id: address.id }],
    ] as const) {
      const res = await post(stranger, url, body);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    expect((await get(stranger, '/api/shoppingcart/addressList')).body.data).toEqual([]);
  });
});

/** Gives the seller a level in force with the given discount. */
async function giveLevel(s: SellerFixture, nameEn: string, expiresInMs = 86_400_000) {
  const [level] = await t.database.db
    .select()
    .from(memberLevels)
    .where(eq(memberLevels.nameEn, nameEn));
  await t.database.db
    .update(sellers)
    .set({ levelId: level!.id, levelExpiresAt: new Date(Date.now() + expiresInMs) })
    .where(eq(sellers.id, s.sellerId));
}

describe('settlement', () => {
  it('prices selected lines: goods, shipping tiers by weight, level discount on goods, excluded lines', async () => {
    const s = await seller();
    await giveLevel(s, 'Silver'); // 5 %
    const p = await tee(s, { unmade: true });
    await add(s, p.skus[0]!.id, 3); // 3 × 20.00, 900 g
    await add(s, p.skus[1]!.id, 1); // 25.00, 300 g
    await add(s, p.skus[2]!.id, 1); // not made by the platform
    const none = await post(s, '/api/shoppingcart/settlement', {});
    expect(none.body.data).toMatchObject({ address: null, shipping_minor: 0, goods_minor: 8_500 });

    await addAddress(s);
    const res = await post(s, '/api/shoppingcart/settlement', {});
    expect(res.status).toBe(200);
    const st = res.body.data;
    expect(st.items.map((l: { sku_id: number }) => l.sku_id).sort()).toEqual(
      [p.skus[0]!.id, p.skus[1]!.id].sort(),
    );
    expect(st.excluded.map((l: { problem: string }) => l.problem)).toEqual(['not_fulfillable']);
    // 1,200 g to the US: first 500 g 45.00, then two started 500 g at 18.00.
    expect(st).toMatchObject({
      quantity: 4,
      weight_g: 1_200,
      goods_minor: 8_500,
      shipping_minor: 4_500 + 2 * 1_800,
      discount_percent: 5,
      discount_minor: 425,
      total_minor: 8_500 + 8_100 - 425,
      level_name_en: 'Silver',
      balance_minor: 0,
    });
    expect(st.address).toMatchObject({ country_code: 'US', is_default: true });

    // Exactly 500 g is one band; an odd discount rounds down.
    await post(s, '/api/shoppingcart/delCart', {});
    await add(s, p.skus[1]!.id, 1);
    await t.database.db
      .update(parentSkus)
      .set({ costMinor: 2_519 })
      .where(eq(parentSkus.id, p.skus[1]!.parentSkuId!));
    const small = (await post(s, '/api/shoppingcart/settlement', {})).body.data;
    expect(small).toMatchObject({ weight_g: 300, shipping_minor: 4_500, discount_minor: 125 });

    await post(s, '/api/shoppingcart/cartAll', { selected: false });
    const empty = (await post(s, '/api/shoppingcart/settlement', {})).body.data;
    expect(empty).toMatchObject({ items: [], shipping_minor: 0, total_minor: 0 });
  });

  it('uses the lowest level once the level expired', async () => {
    const s = await seller();
    await giveLevel(s, 'Gold', -1_000);
    const p = await tee(s);
    await add(s, p.skus[0]!.id, 1);
    const st = (await post(s, '/api/shoppingcart/settlement', {})).body.data;
    expect(st).toMatchObject({ discount_percent: 0, discount_minor: 0, level_name_en: 'Regular' });
  });
});

describe('orderSubmit', () => {
  async function ready(s: SellerFixture, p: Product) {
    await add(s, p.skus[0]!.id, 2);
    await add(s, p.skus[1]!.id, 1);
    const address = await addAddress(s);
    const st = (await post(s, '/api/shoppingcart/settlement', {})).body.data;
    return {
      address,
      st,
      body: {
        address_id: address.id,
        items: st.items.map(
          (l: { sku_id: number; quantity: number; unit_price_minor: number }) => ({
            sku_id: l.sku_id,
            quantity: l.quantity,
            unit_price_minor: l.unit_price_minor,
          }),
        ),
        total_minor: st.total_minor,
        shipping_minor: st.shipping_minor,
        discount_minor: st.discount_minor,
        remark: 'Gift wrap',
      },
    };
  }

  it('creates the order with a snapshot, takes the stock and empties those lines, once per key', async () => {
    const s = await seller();
    const p = await tee(s, { images: [{ url: '/img/front.png' }] });
    const { st, body } = await ready(s, p);
    const key = randomUUID();
    const [first, again] = await Promise.all([submit(s, body, key), submit(s, body, key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(again.body).toEqual(first.body);
    const order = first.body.data;
    expect(order).toMatchObject({
      status: 'unpaid',
      amount_minor: st.total_minor,
      goods_minor: 6_500,
      shipping_minor: 4_500 + 1_800,
      discount_minor: 0,
      refunded_minor: 0,
      quantity: 3,
      remark: 'Gift wrap',
      paid_via: null,
      cancelled_at: null,
      address: { name: 'Jane Roe', country_code: 'US', city: 'San Francisco' },
    });
    expect(order.number).toMatch(/^PO\d{20}$/);
    expect(order.items).toHaveLength(2);
    expect(order.items.find((i: { sku_id: number }) => i.sku_id === p.skus[0]!.id)).toEqual({
      sku_id: p.skus[0]!.id,
      product_id: p.productId,
      title: expect.stringMatching(/^My tee/),
      image: '/img/front.png',
      sku_code: p.skus[0]!.code,
      color: 'White',
      size: 'M',
      quantity: 2,
      unit_price_minor: 2_000,
      line_total_minor: 4_000,
      weight_g: 300,
    });
    expect(await stockOf(t.database.db, p.skus[0]!.parentSkuId!)).toBe(8);
    expect(await stockOf(t.database.db, p.skus[1]!.parentSkuId!)).toBe(2);
    expect((await get(s, '/api/shoppingcart/cartList')).body.data.count).toBe(0);
    const orders = await t.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.sellerId, s.sellerId));
    expect(orders).toHaveLength(1);

    const empty = await submit(s, body);
    expect(empty.status).toBe(409);
  });

  it('orders a cart once when two checkouts with different keys race', async () => {
    const s = await seller();
    const p = await tee(s);
    const { body } = await ready(s, p);
    const answers = await Promise.all([submit(s, body), submit(s, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await stockOf(t.database.db, p.skus[0]!.parentSkuId!)).toBe(8);
    const orders = await t.database.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.sellerId, s.sellerId));
    expect(orders).toHaveLength(1);
  });

  it('answers 409 with the changes after an operator changes a cost or the stock, and creates nothing', async () => {
    const s = await seller();
    const p = await tee(s);
    const { body } = await ready(s, p);
    const db = t.database.db;
    await db
      .update(parentSkus)
      .set({ costMinor: 2_100 })
      .where(eq(parentSkus.id, p.skus[0]!.parentSkuId!));
    await db.update(parentSkus).set({ stock: 0 }).where(eq(parentSkus.id, p.skus[1]!.parentSkuId!));
    const res = await submit(s, body);
    expect(res.status).toBe(409);
    expect(res.body.key).toBe('cart.changed_since_checkout');
    const changes = res.body.data.changes;
    expect(changes).toContainEqual({
      field: 'price',
      sku_id: p.skus[0]!.id,
      sku_code: p.skus[0]!.code,
      before: 2_000,
      after: 2_100,
    });
    expect(changes).toContainEqual({
      field: 'stock',
      sku_id: p.skus[1]!.id,
      sku_code: p.skus[1]!.code,
      before: 1,
      after: 0,
    });
    expect(changes.find((c: { field: string }) => c.field === 'total')).toMatchObject({
      before: body.total_minor,
    });
    expect(await stockOf(db, p.skus[0]!.parentSkuId!)).toBe(10);
    expect((await get(s, '/api/shoppingcart/cartList')).body.data.count).toBe(2);
    const orders = await db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.sellerId, s.sellerId));
    expect(orders).toHaveLength(0);
  });

  it('names an unselected SKU as missing, a level change as discount, and bad input by field', async () => {
    const s = await seller();
    const p = await tee(s);
    const { body } = await ready(s, p);
    const line = (await get(s, '/api/shoppingcart/cartList')).body.data.items.find(
      (l: { sku_id: number }) => l.sku_id === p.skus[1]!.id,
    );
    await post(s, '/api/shoppingcart/cartXz', { id: line.id, selected: false });
    await giveLevel(s, 'Gold');
    const res = await submit(s, body);
    expect(res.status).toBe(409);
    const fields = res.body.data.changes.map((c: { field: string }) => c.field);
    expect(fields).toEqual(expect.arrayContaining(['missing', 'discount', 'total']));

    const noKey = await post(s, '/api/shoppingcart/orderSubmit', body);
    expect(noKey.status).toBe(422);
    expect(noKey.body.data.fields).toHaveProperty(['idempotency-key']);
    const noItems = await submit(s, { ...body, items: [] });
    expect(noItems.status).toBe(422);
    expect(noItems.body.data.fields).toHaveProperty('items');
    const twice = await submit(s, { ...body, items: [body.items[0], body.items[0]] });
    expect(twice.status).toBe(422);
    expect(twice.body.data.fields).toHaveProperty('items');
  });

  it('refuses lines of two finished SKUs that together want more than their parent SKU has', async () => {
    const s = await seller();
    const p = await tee(s);
    const [twin] = await t.database.db
      .insert(finishedSkus)
      .values({
        productId: p.productId,
        sellerId: s.sellerId,
        parentSkuId: p.skus[1]!.parentSkuId,
        skuCode: `${p.skus[1]!.code}-TWIN`,
        color: 'Black',
        size: 'L',
        priceMinor: 9_999,
      })
      .returning({ id: finishedSkus.id });
    await add(s, p.skus[1]!.id, 2);
    await add(s, twin!.id, 2); // 4 wanted, 3 in stock
    const address = await addAddress(s);
    const st = (await post(s, '/api/shoppingcart/settlement', {})).body.data;
    expect(st.items).toHaveLength(2);
    const res = await submit(s, {
      address_id: address.id,
      items: st.items.map((l: { sku_id: number; quantity: number; unit_price_minor: number }) => ({
        sku_id: l.sku_id,
        quantity: l.quantity,
        unit_price_minor: l.unit_price_minor,
      })),
      total_minor: st.total_minor,
    });
    expect(res.status).toBe(409);
    expect(
      res.body.data.changes.map((c: { field: string; after: number }) => [c.field, c.after]),
    ).toEqual([
      ['stock', 3],
      ['stock', 3],
    ]);
    expect(await stockOf(t.database.db, p.skus[1]!.parentSkuId!)).toBe(3);
  });

  it("answers 404 for another seller's address", async () => {
    const s = await seller();
    const stranger = await seller();
    const p = await tee(s);
    const { body } = await ready(s, p);
    const theirs = await addAddress(stranger);
    const res = await submit(s, { ...body, address_id: theirs.id });
    expect(res.status).toBe(404);
  });
});
