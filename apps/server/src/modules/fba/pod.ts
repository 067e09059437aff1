import {
  formatMoney,
  marketSiteById,
  type FbaPodListInput,
  type FbaPodOrder,
  type FbaPodPage,
  type FbaPodProduct,
  type FbaPodProductsInput,
  type FbaPodQuote,
  type FbaPodQuoteInput,
  type FbaPodStage,
  type FbaPodSubmitInput,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { unixSeconds } from '../../time.ts';
import {
  placePurchaseOrder,
  quoteOrder,
  sharedStockChanges,
  skuLines,
  type OrderLine,
  type Quote,
} from '../cart/index.ts';
import { accountPay, lockSellerMoney } from '../finance/index.ts';
import { findStore } from '../markets/service.ts';
import {
  balanceOf,
  insertPod,
  knownFnskus,
  listPods,
  ownSkus,
  podCandidates,
  type PodJoined,
} from './pod-repository.ts';
import { shipmentsOf, type ShipmentRow } from './repository.ts';

const DONE = new Set(['shipped', 'partially_shipped', 'delivered']);

/** How far a POD-to-FBA order is, from production to Amazon closing every shipment. */
function stageOf(row: PodJoined, shipments: ShipmentRow[]): FbaPodStage {
  const own = shipments.filter((s) => s.planId === row.pod.planId);
  if (own.length > 0 && own.every((s) => s.status === 'CLOSED')) return 'closed';
  if (DONE.has(row.po.status) || own.some((s) => s.tracking.length > 0)) return 'shipped';
  if (row.planNumber && own.some((s) => s.transportationOptionId)) return 'planned';
  if (row.pod.packedAt) return 'packed';
  return 'producing';
}

export function podView(row: PodJoined, shipments: ShipmentRow[]): FbaPodOrder {
  const { pod, po, store } = row;
  return {
    id: pod.id,
    stage: stageOf(row, shipments),
    purchase_order_id: po.id,
    purchase_order_number: po.number,
    purchase_order_status: po.status,
    amount_minor: po.amountMinor,
    market_id: store.id,
    store_name: store.alias,
    items: pod.items.map((i) => ({
      sku_id: i.skuId,
      sku: i.sku,
      title: i.title,
      quantity: i.quantity,
      fnsku: i.fnsku,
    })),
    boxes: pod.boxes.map((b) => ({
      length: b.length,
      width: b.width,
      height: b.height,
      dimension_unit: b.dimensionUnit,
      weight: b.weight,
      weight_unit: b.weightUnit,
      count: b.count,
      items: b.items,
    })),
    packed_at: pod.packedAt ? unixSeconds(pod.packedAt) : null,
    plan_id: pod.planId,
    plan_number: row.planNumber,
    shipment_statuses: shipments.filter((s) => s.planId === pod.planId).map((s) => s.status),
    created_at: unixSeconds(pod.createdAt),
  };
}

/** Views of several rows with one read of their plans' shipments. */
export async function podViews(ctx: Ctx, rows: PodJoined[]): Promise<FbaPodOrder[]> {
  const planIds = rows.flatMap((r) => (r.pod.planId ? [r.pod.planId] : []));
  const shipments = await shipmentsOf(ctx, planIds);
  return rows.map((r) => podView(r, shipments));
}

/** An Amazon store of the actor's (another seller's, or not Amazon: 404). */
async function amazonStoreOf(ctx: Ctx, id: number) {
  const store = await findStore(ctx, id);
  if (store.marketplace !== 'amazon') throw new NotFoundError('fba.store_not_amazon');
  return store;
}

/** The seller's finished SKUs for the picker, with the FNSKU the store's Amazon gave each. */
export async function podProducts(ctx: Ctx, input: FbaPodProductsInput): Promise<FbaPodProduct[]> {
  const store = await amazonStoreOf(ctx, input.market_id);
  const rows = await podCandidates(ctx, input.keyword);
  const fnskus = await knownFnskus(
    ctx,
    store.id,
    rows.map((r) => r.skuCode),
  );
  return rows.map((r) => ({
    sku_id: r.skuId,
    sku_code: r.skuCode,
    title: r.title,
    image: r.image,
    color: r.color,
    size: r.size,
    fnsku: fnskus.get(r.skuCode) ?? null,
  }));
}

/** The country the boxes go to: the store's marketplace (Amazon's UK site is GB). */
const countryOfStore = (marketSiteId: number) => {
  const code = marketSiteById(marketSiteId)?.code ?? '';
  return code === 'UK' ? 'GB' : code;
};

/**
 * The order's lines priced now (the SKUs locked, as checkout locks them) and quoted to the
 * store's country. Another seller's SKU is a 404; one the platform cannot make now is a 409.
 */
async function priced(
  ctx: Ctx,
  input: FbaPodQuoteInput,
): Promise<{ lines: OrderLine[]; quote: Quote; store: Awaited<ReturnType<typeof amazonStoreOf>> }> {
  const store = await amazonStoreOf(ctx, input.market_id);
  const own = await ownSkus(
    ctx,
    input.items.map((i) => i.sku_id),
  );
  if (own.length < input.items.length) throw new NotFoundError('fba.pod_sku_not_found');
  const lines = await skuLines(
    ctx.db,
    input.items.map((i) => ({ skuId: i.sku_id, quantity: i.quantity, orderIds: [] })),
  );
  const short = sharedStockChanges(lines);
  const missing = own.find((o) => !lines.some((l) => l.line.sku_id === o.id));
  const bad = lines.find(
    (l) =>
      l.line.problem !== null || !l.facts.parent || short.some((c) => c.sku_id === l.line.sku_id),
  );
  if (missing || bad) {
    throw new ConflictError('fba.pod_unavailable', {
      sku: missing?.code ?? bad!.line.sku_code,
      problem: missing ? 'not_fulfillable' : (bad!.line.problem ?? 'short_stock'),
    });
  }
  const quote = await quoteOrder(ctx, lines, { country_code: countryOfStore(store.marketSiteId) });
  return { lines, quote, store };
}

export async function podQuote(ctx: Ctx, input: FbaPodQuoteInput): Promise<FbaPodQuote> {
  const { lines, quote } = await priced(ctx, input);
  const balanceMinor = await balanceOf(ctx);
  return {
    items: lines.map((l) => l.line),
    quantity: quote.quantity,
    weight_g: quote.weightG,
    goods_minor: quote.goodsMinor,
    shipping_minor: quote.shippingMinor,
    discount_percent: quote.discountPercent,
    discount_minor: quote.discountMinor,
    total_minor: quote.totalMinor,
    balance_minor: balanceMinor,
  };
}

/**
 * Buys the finished products for the store's FBA stock, inside the route's idempotent
 * transaction: the purchase order placed as checkout places one (to Amazon in the store's
 * country), paid from the balance, and the POD-to-FBA order the desk packs. A total other than
 * the one quoted is a 409, so the seller never pays what they did not see.
 */
export async function podSubmit(
  ctx: Ctx,
  input: Omit<FbaPodSubmitInput, 'pay_password'>,
): Promise<FbaPodOrder> {
  await lockSellerMoney(ctx.db, sellerIdOf(ctx));
  const { lines, quote, store } = await priced(ctx, input);
  if (quote.totalMinor !== input.total_minor) {
    throw new ConflictError('fba.pod_changed', {
      total: formatMoney(quote.totalMinor, 'CNY', ctx.lang),
    });
  }
  const country = countryOfStore(store.marketSiteId);
  const { order } = await placePurchaseOrder(ctx, {
    lines,
    quote,
    address: {
      name: `Amazon FBA · ${store.alias}`,
      phone: '',
      country_code: country,
      province: '',
      city: '',
      district: '',
      address1: 'Amazon fulfilment centre (inbound plan placement)',
      address2: '',
      postcode: '',
    },
    remark: `FBA ${store.alias}`,
  });
  const paid = await accountPay(ctx, order.id);
  const fnskus = await knownFnskus(
    ctx,
    store.id,
    lines.map((l) => l.line.sku_code),
  );
  const pod = await insertPod(ctx, {
    storeId: store.id,
    purchaseOrderId: order.id,
    items: lines.map((l) => ({
      skuId: l.line.sku_id,
      sku: l.line.sku_code,
      title: l.line.title,
      quantity: l.line.quantity,
      fnsku: fnskus.get(l.line.sku_code) ?? null,
    })),
  });
  return podView(
    {
      pod,
      po: { ...order, status: paid.order.status },
      store,
      planNumber: null,
    },
    [],
  );
}

export async function podList(ctx: Ctx, q: z.output<typeof FbaPodListInput>): Promise<FbaPodPage> {
  const { rows, total } = await listPods(
    ctx,
    { storeId: q.market_id },
    { offset: (q.page - 1) * q.limit, limit: q.limit },
  );
  return {
    list: await podViews(ctx, rows),
    pagination: { page: q.page, size: q.limit, total },
  };
}
