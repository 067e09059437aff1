import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { BUSINESS_TIME_ZONE } from '../../time.ts';

/**
 * Keeps `stat_store_days`, `stat_sku_days` and `stat_sku_months` equal to a recount of the
 * orders table. A key is (store, business day of purchase): a store and a purchase time never
 * change on an order, so recounting the keys of the orders a write touched, in the write's
 * transaction, is exact.
 *
 * What counts: an order is counted (orders, units, sales) unless it is cancelled without a
 * refund (a buyer's cancel before money moved); a refunded order counts its sales and its
 * refunds. Platform cost is the paid purchase order net of its refunds, split over the orders
 * it bought (the remainder on the lowest id), so the costs of a purchase order add up exactly.
 * Marketplace fees are the counted orders' `fees_minor` (none while not reported).
 */

const TZ = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The business day an order's purchase falls on. */
export const purchaseDay = (column: SQL) => sql`((${column}) at time zone ${TZ})::date`;

/** `o.id in (…)` for a JSON list of ids, one parameter whatever the list's length. */
const idsIn = (ids: readonly number[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`;

/** Orders of the key `k` (store and day), read through orders_store_purchased_idx. */
const ORDERS_OF_KEY = sql`orders o on o.store_id = k.store_id
  and o.purchased_at >= (k.day::timestamp at time zone ${TZ})
  and o.purchased_at < ((k.day + 1)::timestamp at time zone ${TZ})`;

const COUNTED = sql`(o.order_status <> 'canceled' or r.refunded is not null)`;

const SKU_COLUMNS = sql.raw(
  'seller_id, store_id, sku, currency, marketplace, market_site_id, orders, units, sales_minor',
);

/**
 * Adds the SKU-day rows `rows` (a CTE name) to their months, negated when `sign` is -1: the
 * months follow the days by deltas, never by summing a month's days again.
 */
const toMonths = (rows: string, sign: 1 | -1) => sql`
  insert into stat_sku_months as m (month, ${SKU_COLUMNS})
  select date_trunc('month', d.day)::date, d.seller_id, d.store_id, d.sku, d.currency,
    d.marketplace, d.market_site_id, ${sql.raw(String(sign))} * sum(d.orders),
    ${sql.raw(String(sign))} * sum(d.units), ${sql.raw(String(sign))} * sum(d.sales_minor)
  from ${sql.raw(rows)} d
  group by 1, d.seller_id, d.store_id, d.sku, d.currency, d.marketplace, d.market_site_id
  on conflict (store_id, month, sku, currency) do update set
    orders = m.orders + excluded.orders,
    units = m.units + excluded.units,
    sales_minor = m.sales_minor + excluded.sales_minor`;

/**
 * Recounts the keys `keysQuery` selects (store id, day). The keys are read first and handed on
 * as one JSON parameter, so each statement plans for the few keys it gets.
 */
async function recount(db: Executor, keysQuery: SQL): Promise<void> {
  const found = await db.execute<{ store_id: string | number; day: string }>(
    sql`select distinct k.store_id, k.day::text as day from (${keysQuery}) as k(store_id, day)`,
  );
  if (found.rows.length === 0) return;
  const json = JSON.stringify(
    found.rows.map((r) => ({ store_id: Number(r.store_id), day: r.day })),
  );
  const keys = sql`select x.store_id, x.day from jsonb_to_recordset(${json}::jsonb)
    as x(store_id bigint, day date)`;
  await db.execute(sql`delete from stat_store_days s where (s.store_id, s.day) in (${keys})`);
  await db.execute(sql`
    with gone as (
      delete from stat_sku_days s where (s.store_id, s.day) in (${keys}) returning s.*
    ) ${toMonths('gone', -1)}`);
  await db.execute(sql`
    insert into stat_store_days (seller_id, store_id, day, currency, marketplace, market_site_id,
      orders, units, sales_minor, refunds_minor, cost_minor, fees_minor)
    select o.seller_id, o.store_id, k.day, o.currency, st.marketplace, st.market_site_id,
      count(*) filter (where ${COUNTED}),
      coalesce(sum(o.quantity) filter (where ${COUNTED}), 0),
      coalesce(sum(o.total_minor) filter (where ${COUNTED}), 0),
      coalesce(sum(r.refunded), 0),
      coalesce(sum(c.cost), 0),
      coalesce(sum(o.fees_minor) filter (where ${COUNTED}), 0)
    from (${keys}) as k(store_id, day)
    join ${ORDERS_OF_KEY}
    join stores st on st.id = o.store_id
    left join lateral (
      select sum(x.amount_minor) as refunded from order_refunds x where x.order_id = o.id
    ) r on true
    left join lateral (
      select (p.amount_minor - p.refunded_minor) / n.cnt
        + case when n.first_id = o.id then (p.amount_minor - p.refunded_minor) % n.cnt else 0 end
        as cost
      from purchase_orders p
      cross join lateral (
        select count(*) as cnt, min(o2.id) as first_id from orders o2
        where o2.purchase_order_id = p.id
      ) n
      where p.id = o.purchase_order_id and p.paid_at is not null
    ) c on true
    group by o.seller_id, o.store_id, k.day, o.currency, st.marketplace, st.market_site_id`);
  await db.execute(sql`
    with added as (
      insert into stat_sku_days (seller_id, store_id, day, sku, currency, marketplace,
        market_site_id, orders, units, sales_minor)
      select o.seller_id, o.store_id, k.day, i.sku, o.currency, st.marketplace, st.market_site_id,
        count(distinct o.id), sum(i.quantity), sum(i.line_total_minor)
      from (${keys}) as k(store_id, day)
      join ${ORDERS_OF_KEY}
      join stores st on st.id = o.store_id
      join order_items i on i.order_id = o.id and i.cancelled_at is null
      left join lateral (
        select sum(x.amount_minor) as refunded from order_refunds x where x.order_id = o.id
      ) r on true
      where ${COUNTED}
      group by o.seller_id, o.store_id, k.day, i.sku, o.currency, st.marketplace, st.market_site_id
      returning *
    ) ${toMonths('added', 1)}`);
  // A SKU that left a month altogether leaves a row of zeros there.
  await db.execute(sql`
    delete from stat_sku_months m
    where (m.store_id, m.month) in (
      select distinct k.store_id, date_trunc('month', k.day)::date from (${keys}) as k(store_id, day)
    ) and m.orders = 0 and m.units = 0 and m.sales_minor = 0`);
}

/**
 * Recounts the keys of these orders and of every order sharing a purchase order with them (the
 * split of its cost moves when one is linked or released). Call it in the write's transaction.
 */
export async function refreshOrderFigures(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  const ids = idsIn(orderIds);
  await recount(
    db,
    sql`select o.store_id, ${purchaseDay(sql`o.purchased_at`)} from orders o where o.id in ${ids}
      union
      select o.store_id, ${purchaseDay(sql`o.purchased_at`)} from orders o
      where o.purchase_order_id in (
        select o1.purchase_order_id from orders o1
        where o1.id in ${ids} and o1.purchase_order_id is not null
      )`,
  );
}

/**
 * Adds orders just inserted (an import batch) to the rollups: their keys' rows grow by these
 * orders' own figures instead of the whole day being recounted. Exact because nothing counted
 * them before, and a new order has no refund and no purchase order yet (fees it may carry).
 */
export async function addNewOrderFigures(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  const ids = idsIn(orderIds);
  const day = purchaseDay(sql`o.purchased_at`);
  const counted = sql`o.order_status <> 'canceled'`;
  await db.execute(sql`
    insert into stat_store_days as s (seller_id, store_id, day, currency, marketplace,
      market_site_id, orders, units, sales_minor, refunds_minor, cost_minor, fees_minor)
    select o.seller_id, o.store_id, ${day}, o.currency, st.marketplace, st.market_site_id,
      count(*) filter (where ${counted}),
      coalesce(sum(o.quantity) filter (where ${counted}), 0),
      coalesce(sum(o.total_minor) filter (where ${counted}), 0), 0, 0,
      coalesce(sum(o.fees_minor) filter (where ${counted}), 0)
    from orders o join stores st on st.id = o.store_id
    where o.id in ${ids}
    group by o.seller_id, o.store_id, ${day}, o.currency, st.marketplace, st.market_site_id
    on conflict (store_id, day, currency) do update set
      orders = s.orders + excluded.orders,
      units = s.units + excluded.units,
      sales_minor = s.sales_minor + excluded.sales_minor,
      fees_minor = s.fees_minor + excluded.fees_minor`);
  await db.execute(sql`
    insert into stat_sku_days as s (seller_id, store_id, day, sku, currency, marketplace,
      market_site_id, orders, units, sales_minor)
    select o.seller_id, o.store_id, ${day}, i.sku, o.currency, st.marketplace, st.market_site_id,
      count(distinct o.id), sum(i.quantity), sum(i.line_total_minor)
    from orders o
    join stores st on st.id = o.store_id
    join order_items i on i.order_id = o.id and i.cancelled_at is null
    where o.id in ${ids} and ${counted}
    group by o.seller_id, o.store_id, ${day}, i.sku, o.currency, st.marketplace, st.market_site_id
    on conflict (store_id, day, sku, currency) do update set
      orders = s.orders + excluded.orders,
      units = s.units + excluded.units,
      sales_minor = s.sales_minor + excluded.sales_minor`);
  await db.execute(sql`
    with added as (
      select o.seller_id, o.store_id, ${day} as day, i.sku, o.currency, st.marketplace,
        st.market_site_id, count(distinct o.id) as orders, sum(i.quantity) as units,
        sum(i.line_total_minor) as sales_minor
      from orders o
      join stores st on st.id = o.store_id
      join order_items i on i.order_id = o.id and i.cancelled_at is null
      where o.id in ${ids} and ${counted}
      group by o.seller_id, o.store_id, ${day}, i.sku, o.currency, st.marketplace,
        st.market_site_id
    ) ${toMonths('added', 1)}`);
}

/** Recounts the keys of the orders a purchase order bought (it was paid or refunded). */
export async function refreshPurchaseOrderFigures(db: Executor, purchaseOrderId: number) {
  await recount(
    db,
    sql`select distinct o.store_id, ${purchaseDay(sql`o.purchased_at`)} from orders o
      where o.purchase_order_id = ${purchaseOrderId}`,
  );
}

/** Rebuilds one seller's rollups (or everyone's) from the orders table. */
export async function rebuildFigures(db: Executor, sellerId?: number): Promise<void> {
  const seller = sellerId === undefined ? sql`true` : sql`s.seller_id = ${sellerId}`;
  await db.execute(sql`delete from stat_store_days s where ${seller}`);
  await db.execute(sql`delete from stat_sku_days s where ${seller}`);
  await db.execute(sql`delete from stat_sku_months s where ${seller}`);
  const owner = sellerId === undefined ? sql`true` : sql`o.seller_id = ${sellerId}`;
  await recount(
    db,
    sql`select distinct o.store_id, ${purchaseDay(sql`o.purchased_at`)} from orders o
      where ${owner}`,
  );
}

/**
 * Fills the rollups once for orders written before they existed (the first start after the
 * statistics migration); a no-op afterwards.
 */
export async function backfillFigures(db: Executor): Promise<void> {
  const result = await db.execute<{ needed: boolean }>(sql`
    select exists (select 1 from orders) and not exists (select 1 from stat_store_days) as needed`);
  if (result.rows[0]?.needed) await rebuildFigures(db);
}
