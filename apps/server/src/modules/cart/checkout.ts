import { eq, inArray } from 'drizzle-orm';
import type {
  Address,
  OrderChange,
  PurchaseOrderAddress,
  OrderSubmitInput,
  OrderSubmitResult,
  Settlement,
  SettlementInput,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { cartItems, sellers } from '../../db/schema.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import {
  createPurchaseOrder,
  lockSellerMoney,
  purchaseOrderOf,
  type OrderItemSnapshot,
  type PurchaseOrderRow,
} from '../finance/index.ts';
import { discountMinor, effectiveLevel } from '../finance/service.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { purchaseLinkedOrders } from '../orders/service.ts';
import { addressFor, ownAddress, shipToOf } from './addresses.ts';
import { countryOf, shippingMinor } from './countries.ts';
import { takeStock } from './pricing.ts';
import { pricedLines, type OrderLine, type PricedLine } from './service.ts';

export interface Quote {
  quantity: number;
  weightG: number;
  goodsMinor: number;
  shippingMinor: number;
  discountPercent: number;
  discountMinor: number;
  totalMinor: number;
  levelName: string;
  levelNameEn: string;
}

/**
 * The amounts of an order of `lines` to `address`: goods at the platform's prices, shipping
 * by the destination's rate for their total weight, and the level discount on the goods only.
 */
export async function quoteOrder(
  ctx: Ctx,
  lines: OrderLine[],
  address: Pick<Address, 'country_code'> | null,
): Promise<Quote> {
  const { level } = await effectiveLevel(ctx.db, sellerIdOf(ctx));
  const percent = level?.discountPercent ?? 0;
  const quantity = lines.reduce((sum, p) => sum + p.line.quantity, 0);
  const weightG = lines.reduce((sum, p) => sum + p.line.weight_g * p.line.quantity, 0);
  const goodsMinor = lines.reduce((sum, p) => sum + p.line.line_total_minor, 0);
  const country = address ? countryOf(address.country_code) : null;
  const shipping = lines.length > 0 && country ? shippingMinor(country, weightG) : 0;
  const discount = discountMinor(goodsMinor, percent);
  return {
    quantity,
    weightG,
    goodsMinor,
    shippingMinor: shipping,
    discountPercent: percent,
    discountMinor: discount,
    totalMinor: goodsMinor + shipping - discount,
    levelName: level?.name ?? '',
    levelNameEn: level?.nameEn ?? '',
  };
}

/** What checking out the selected lines would cost now; lines with a problem are set aside. */
export async function settlement(ctx: Ctx, input: SettlementInput): Promise<Settlement> {
  const sellerId = sellerIdOf(ctx);
  const [lines, address] = await Promise.all([
    pricedLines(ctx.db, sellerId, { selectedOnly: true }),
    addressFor(ctx, input.address_id),
  ]);
  const payable = lines.filter((p) => p.line.problem === null);
  const q = await quoteOrder(ctx, payable, address);
  const [seller] = await ctx.db
    .select({ balance: sellers.balanceMinor })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return {
    items: payable.map((p) => p.line),
    address,
    quantity: q.quantity,
    weight_g: q.weightG,
    goods_minor: q.goodsMinor,
    shipping_minor: q.shippingMinor,
    discount_percent: q.discountPercent,
    discount_minor: q.discountMinor,
    total_minor: q.totalMinor,
    level_name: q.levelName,
    level_name_en: q.levelNameEn,
    balance_minor: seller?.balance ?? 0,
    excluded: lines.filter((p) => p.line.problem !== null).map((p) => p.line),
  };
}

type Submitted = z.output<typeof OrderSubmitInput>;

const change = (
  field: OrderChange['field'],
  line: { sku_id: number; sku_code: string | null } | null,
  before: number | null,
  after: number | null,
): OrderChange => ({
  field,
  sku_id: line?.sku_id ?? null,
  sku_code: line?.sku_code ?? null,
  before,
  after,
});

/** Each submitted SKU against its selected cart line now; the lines that match are ordered. */
function compareItems(
  submitted: Submitted['items'],
  current: Map<number, PricedLine>,
): { changes: OrderChange[]; lines: PricedLine[] } {
  const changes: OrderChange[] = [];
  const lines: PricedLine[] = [];
  for (const item of submitted) {
    const now = current.get(item.sku_id);
    if (!now) {
      changes.push(change('missing', { sku_id: item.sku_id, sku_code: null }, item.quantity, null));
      continue;
    }
    const { line } = now;
    lines.push(now);
    if (line.quantity !== item.quantity) {
      // The cart's quantity changed elsewhere (another tab, another user of the seller).
      changes.push(change('missing', line, item.quantity, line.quantity));
    }
    if (line.problem === 'off_sale' || line.problem === 'not_fulfillable') {
      changes.push(change('unavailable', line, item.quantity, null));
      continue;
    }
    if (line.problem === 'short_stock')
      changes.push(change('stock', line, item.quantity, line.stock));
    if (line.unit_price_minor !== item.unit_price_minor) {
      changes.push(change('price', line, item.unit_price_minor, line.unit_price_minor));
    }
  }
  return { changes, lines };
}

/**
 * Lines of several finished SKUs may draw on one parent SKU: each passed its own stock check,
 * but together they must fit too.
 */
export function sharedStockChanges(lines: OrderLine[]): OrderChange[] {
  const demand = new Map<number, number>();
  for (const { line, facts } of lines) {
    if (facts.parent)
      demand.set(facts.parent.skuId, (demand.get(facts.parent.skuId) ?? 0) + line.quantity);
  }
  return lines.flatMap(({ line, facts }) =>
    facts.parent && line.problem === null && demand.get(facts.parent.skuId)! > facts.parent.stock
      ? [change('stock', line, line.quantity, facts.parent.stock)]
      : [],
  );
}

function snapshotOf({ line, facts }: OrderLine): OrderItemSnapshot {
  return {
    sku_id: line.sku_id,
    product_id: line.product_id,
    title: line.title,
    image: line.image,
    sku_code: line.sku_code,
    color: line.color,
    size: line.size,
    quantity: line.quantity,
    unit_price_minor: line.unit_price_minor,
    line_total_minor: line.line_total_minor,
    weight_g: line.weight_g,
    parent_sku_id: facts.parent!.skuId,
  };
}

/**
 * Turns what the seller saw at settlement into an unpaid purchase order, inside the caller's
 * transaction: the parent SKUs are locked (id order) and everything priced again; any
 * difference answers 409 with the changes and creates nothing. Otherwise the order keeps a full
 * snapshot, the stock is taken (reserved until the order is cancelled), the marketplace orders
 * the lines were added for become purchased (40) where their status allows it, and the lines
 * leave the cart. The seller's money row is locked first, as every path to purchase orders and
 * purchased marketplace orders does (payment, both cancels), so they queue instead of deadlocking.
 */
export async function submitOrder(ctx: Ctx, input: Submitted): Promise<OrderSubmitResult> {
  const sellerId = sellerIdOf(ctx);
  const skuIds = input.items.map((i) => i.sku_id);
  if (new Set(skuIds).size !== skuIds.length) {
    throw new ValidationError({ items: 'cart.sku_once' });
  }
  const address = await ownAddress(ctx, input.address_id);
  await lockSellerMoney(ctx.db, sellerId);
  const selected = await pricedLines(ctx.db, sellerId, { selectedOnly: true, lock: true });
  if (selected.length === 0) throw new ConflictError('cart.nothing_selected');

  const current = new Map(selected.map((p) => [p.line.sku_id, p]));
  const { changes, lines } = compareItems(input.items, current);
  changes.push(...sharedStockChanges(lines));
  const q = await quoteOrder(ctx, lines, address);
  if (input.shipping_minor !== undefined && input.shipping_minor !== q.shippingMinor) {
    changes.push(change('shipping', null, input.shipping_minor, q.shippingMinor));
  }
  if (input.discount_minor !== undefined && input.discount_minor !== q.discountMinor) {
    changes.push(change('discount', null, input.discount_minor, q.discountMinor));
  }
  if (input.total_minor !== q.totalMinor) {
    changes.push(change('total', null, input.total_minor, q.totalMinor));
  }
  if (changes.length > 0) {
    throw new ConflictError('cart.changed_since_checkout', {}, { changes });
  }

  const { order, links } = await placePurchaseOrder(ctx, {
    lines,
    quote: q,
    address: shipToOf(address),
    remark: input.remark,
  });
  await ctx.db.delete(cartItems).where(
    inArray(
      cartItems.id,
      lines.map((p) => p.line.id),
    ),
  );
  return { ...purchaseOrderOf(order), ...links };
}

/**
 * Creates the unpaid purchase order of `lines` as `quote` priced them, inside the caller's
 * transaction (the seller's money row and the parent SKUs locked, everything checked): the
 * order keeps a full snapshot, the stock is taken (reserved until the order is cancelled) and
 * the marketplace orders the lines are for become purchased (40) where their status allows it.
 * Checkout and the store's auto-buy both order through here.
 */
export async function placePurchaseOrder(
  ctx: Ctx,
  input: {
    lines: OrderLine[];
    quote: Quote;
    address: z.infer<typeof PurchaseOrderAddress>;
    remark: string;
  },
): Promise<{ order: PurchaseOrderRow; links: Partial<OrderSubmitResult> }> {
  const { lines, quote: q } = input;
  const order = await createPurchaseOrder(ctx.db, sellerIdOf(ctx), {
    amountMinor: q.totalMinor,
    items: lines.map(snapshotOf),
    goodsMinor: q.goodsMinor,
    shippingMinor: q.shippingMinor,
    discountMinor: q.discountMinor,
    quantity: q.quantity,
    address: input.address,
    remark: input.remark,
  });
  for (const { line, facts } of [...lines].sort(
    (a, b) => a.facts.parent!.skuId - b.facts.parent!.skuId,
  )) {
    await takeStock(ctx.db, facts.parent!.skuId, line.quantity);
  }
  const orderIds = lines.flatMap((p) => p.orderIds);
  const links = orderIds.length > 0 ? await purchaseLinkedOrders(ctx, order, orderIds) : {};
  return { order, links };
}
