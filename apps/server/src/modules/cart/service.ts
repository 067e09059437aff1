import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CART_LINE_QUANTITY_MAX,
  type CartAddInput,
  type CartAttrOption,
  type CartLine,
  type CartView,
  type EditCartPurchaseInput,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { cartItems, finishedProducts, finishedSkus } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { NotFoundError } from '../../errors.ts';
import { findOwned, ofSeller, ownedBy, sellerIdOf } from '../../tenancy.ts';
import { loadSkuFacts, priceSku, type SkuFacts } from './pricing.ts';

type CartRow = typeof cartItems.$inferSelect;

/**
 * Pieces of one finished SKU priced now, with the facts ordering needs (the parent SKU to take
 * stock from) and the marketplace orders they are for: a cart line at checkout, or an order's
 * items bought by the store's auto-buy, which never touches the cart.
 */
export interface OrderLine {
  line: Omit<CartLine, 'id' | 'selected'>;
  facts: SkuFacts;
  orderIds: number[];
}

/** A cart line priced now, as `OrderLine`. */
export interface PricedLine extends OrderLine {
  line: CartLine;
}

function pricedOf(facts: SkuFacts, quantity: number): OrderLine['line'] {
  const priced = priceSku(facts, quantity);
  return {
    sku_id: facts.skuId,
    product_id: facts.productId,
    title: facts.title,
    image: facts.image,
    sku_code: facts.skuCode,
    color: facts.color,
    size: facts.size,
    quantity,
    unit_price_minor: priced.unitPriceMinor,
    line_total_minor: priced.lineTotalMinor,
    weight_g: priced.weightG,
    stock: priced.stock,
    problem: priced.problem,
  };
}

function lineOf(row: CartRow, facts: SkuFacts): CartLine {
  return { id: row.id, selected: row.selected === 1, ...pricedOf(facts, row.quantity) };
}

/**
 * Pieces of finished SKUs priced now, outside the cart, their parent SKUs locked (id order) as
 * checkout locks them; a SKU without facts (deleted meanwhile) is left out.
 */
export async function skuLines(
  db: Executor,
  wanted: ReadonlyArray<{ skuId: number; quantity: number; orderIds: number[] }>,
): Promise<OrderLine[]> {
  const facts = await loadSkuFacts(
    db,
    wanted.map((w) => w.skuId),
    { lock: true },
  );
  return wanted.flatMap((w) => {
    const skuFacts = facts.get(w.skuId);
    return skuFacts
      ? [{ line: pricedOf(skuFacts, w.quantity), facts: skuFacts, orderIds: w.orderIds }]
      : [];
  });
}

/**
 * The seller's cart lines priced now, newest first. With `lock` (checkout) the lines and then
 * their parent SKUs are locked, so what was read stays true until the transaction ends.
 */
export async function pricedLines(
  db: Executor,
  sellerId: number,
  opts: { selectedOnly?: boolean; lock?: boolean } = {},
): Promise<PricedLine[]> {
  const where = [ofSeller(cartItems.sellerId, sellerId)];
  if (opts.selectedOnly) where.push(eq(cartItems.selected, 1));
  const query = db
    .select()
    .from(cartItems)
    .where(and(...where))
    .orderBy(desc(cartItems.id));
  // Locking the lines makes a concurrent checkout of the same cart wait, then find them gone.
  const rows = opts.lock ? await query.for('update') : await query;
  const facts = await loadSkuFacts(
    db,
    rows.map((r) => r.skuId),
    { lock: opts.lock },
  );
  return rows.flatMap((row) => {
    const skuFacts = facts.get(row.skuId);
    return skuFacts
      ? [{ line: lineOf(row, skuFacts), facts: skuFacts, orderIds: row.orderIds }]
      : [];
  });
}

export async function cartView(ctx: Ctx): Promise<CartView> {
  const lines = (await pricedLines(ctx.db, sellerIdOf(ctx))).map((p) => p.line);
  const payable = lines.filter((l) => l.selected && l.problem === null);
  return {
    items: lines,
    count: lines.length,
    selected_count: lines.filter((l) => l.selected).length,
    selected_quantity: payable.reduce((sum, l) => sum + l.quantity, 0),
    subtotal_minor: payable.reduce((sum, l) => sum + l.line_total_minor, 0),
  };
}

/** One of the seller's own finished SKUs, or 404. */
async function ownSku(ctx: Ctx, skuId: number) {
  const [sku] = await ctx.db
    .select({ id: finishedSkus.id, productId: finishedSkus.productId })
    .from(finishedSkus)
    .innerJoin(finishedProducts, eq(finishedProducts.id, finishedSkus.productId))
    .where(and(eq(finishedSkus.id, skuId), ownedBy(ctx, finishedProducts.sellerId)));
  if (!sku) throw new NotFoundError('cart.sku_not_found');
  return sku;
}

const ownLine = (ctx: Ctx, id: number) => findOwned(ctx, cartItems, id, 'cart.line_not_found');

async function setQuantity(ctx: Ctx, id: number, quantity: SQL | number): Promise<void> {
  await ctx.db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, id), ownedBy(ctx, cartItems.sellerId)));
}

/** Adds a SKU; a SKU already in the cart gets the quantity added, up to the line maximum. */
export async function cartAdd(ctx: Ctx, input: CartAddInput): Promise<CartView> {
  await ownSku(ctx, input.sku_id);
  await ctx.db
    .insert(cartItems)
    .values({ sellerId: sellerIdOf(ctx), skuId: input.sku_id, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.sellerId, cartItems.skuId],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_LINE_QUANTITY_MAX})`,
        updatedAt: sql`now()`,
      },
    });
  return cartView(ctx);
}

/** The distinct union of two `order_ids` arrays, ascending. */
const mergedOrderIds = (a: SQL, b: SQL) =>
  sql`array(select distinct unnest(${a} || ${b}) order by 1)`;

/**
 * Adds lines for marketplace orders (`cw-order/add-cart`), inside the caller's transaction: a
 * SKU already in the cart gets the quantity added, up to the line maximum, and the line
 * remembers these orders besides the ones it served already.
 */
export async function addOrderLines(
  ctx: Ctx,
  lines: ReadonlyArray<{ skuId: number; quantity: number; orderIds: number[] }>,
): Promise<void> {
  if (lines.length === 0) return;
  const sellerId = sellerIdOf(ctx);
  await ctx.db
    .insert(cartItems)
    .values(
      lines.map((l) => ({
        sellerId,
        skuId: l.skuId,
        quantity: Math.min(l.quantity, CART_LINE_QUANTITY_MAX),
        orderIds: [...new Set(l.orderIds)].sort((a, b) => a - b),
      })),
    )
    .onConflictDoUpdate({
      target: [cartItems.sellerId, cartItems.skuId],
      set: {
        quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_LINE_QUANTITY_MAX})`,
        orderIds: mergedOrderIds(sql`${cartItems.orderIds}`, sql`excluded.order_ids`),
        updatedAt: sql`now()`,
      },
    });
}

/** The seller's cart lines of these SKUs with the orders they serve, by SKU id. */
export async function orderIdsBySku(
  ctx: Ctx,
  skuIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  if (skuIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ skuId: cartItems.skuId, orderIds: cartItems.orderIds })
    .from(cartItems)
    .where(and(ownedBy(ctx, cartItems.sellerId), inArray(cartItems.skuId, [...skuIds])));
  return new Map(rows.map((r) => [r.skuId, new Set(r.orderIds)]));
}

/** One more piece, stopping at the line maximum. */
export async function cartInc(ctx: Ctx, id: number): Promise<CartView> {
  await ownLine(ctx, id);
  await setQuantity(ctx, id, sql`least(${cartItems.quantity} + 1, ${CART_LINE_QUANTITY_MAX})`);
  return cartView(ctx);
}

/** One fewer piece; a line at 1 stays at 1 (deleting is its own action). */
export async function cartDec(ctx: Ctx, id: number): Promise<CartView> {
  await ownLine(ctx, id);
  await setQuantity(ctx, id, sql`greatest(${cartItems.quantity} - 1, 1)`);
  return cartView(ctx);
}

export async function editCartNum(ctx: Ctx, id: number, quantity: number): Promise<CartView> {
  await ownLine(ctx, id);
  await setQuantity(ctx, id, quantity);
  return cartView(ctx);
}

/**
 * Switches a line to another SKU of the same product. When the cart already has that SKU the two
 * lines become one, with the quantities added up to the line maximum.
 */
export async function editCartPurchase(ctx: Ctx, input: EditCartPurchaseInput): Promise<CartView> {
  const line = await ownLine(ctx, input.id);
  if (line.skuId === input.sku_id) return cartView(ctx);
  const [current, target] = await Promise.all([ownSku(ctx, line.skuId), ownSku(ctx, input.sku_id)]);
  if (current.productId !== target.productId) throw new NotFoundError('cart.sku_not_found');
  await withTransaction(ctx, async (tx) => {
    const [existing] = await tx.db
      .select()
      .from(cartItems)
      .where(and(ownedBy(ctx, cartItems.sellerId), eq(cartItems.skuId, input.sku_id)))
      .for('update');
    if (!existing) {
      await tx.db
        .update(cartItems)
        .set({ skuId: input.sku_id, updatedAt: sql`now()` })
        .where(eq(cartItems.id, line.id));
      return;
    }
    await tx.db
      .update(cartItems)
      .set({
        quantity: Math.min(existing.quantity + line.quantity, CART_LINE_QUANTITY_MAX),
        selected: existing.selected === 1 || line.selected === 1 ? 1 : 0,
        orderIds: [...new Set([...existing.orderIds, ...line.orderIds])].sort((a, b) => a - b),
        updatedAt: sql`now()`,
      })
      .where(eq(cartItems.id, existing.id));
    await tx.db.delete(cartItems).where(eq(cartItems.id, line.id));
  });
  return cartView(ctx);
}

/** cartXz: selects or unselects one line. */
export async function selectLine(ctx: Ctx, id: number, selected: boolean): Promise<CartView> {
  await ownLine(ctx, id);
  await ctx.db
    .update(cartItems)
    .set({ selected: selected ? 1 : 0, updatedAt: sql`now()` })
    .where(eq(cartItems.id, id));
  return cartView(ctx);
}

/** cartAll: selects or unselects every line. */
export async function selectAll(ctx: Ctx, selected: boolean): Promise<CartView> {
  await ctx.db
    .update(cartItems)
    .set({ selected: selected ? 1 : 0, updatedAt: sql`now()` })
    .where(ownedBy(ctx, cartItems.sellerId));
  return cartView(ctx);
}

/** cartDel: the given lines, all of them the seller's or none deleted (404). */
export async function deleteLines(ctx: Ctx, ids: readonly number[]): Promise<CartView> {
  const unique = [...new Set(ids)];
  const found = await ctx.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(ownedBy(ctx, cartItems.sellerId), inArray(cartItems.id, unique)));
  if (found.length !== unique.length) throw new NotFoundError('cart.line_not_found');
  await ctx.db
    .delete(cartItems)
    .where(and(ownedBy(ctx, cartItems.sellerId), inArray(cartItems.id, unique)));
  return cartView(ctx);
}

/** delCart: empties the cart. */
export async function emptyCart(ctx: Ctx): Promise<CartView> {
  await ctx.db.delete(cartItems).where(ownedBy(ctx, cartItems.sellerId));
  return cartView(ctx);
}

/** cartAttr: every SKU of the line's product, priced for the line's quantity. */
export async function cartAttr(ctx: Ctx, id: number): Promise<CartAttrOption[]> {
  const line = await ownLine(ctx, id);
  const { productId } = await ownSku(ctx, line.skuId);
  const skus = await ctx.db
    .select({ id: finishedSkus.id })
    .from(finishedSkus)
    .where(eq(finishedSkus.productId, productId))
    .orderBy(asc(finishedSkus.orderNum), asc(finishedSkus.id));
  const facts = await loadSkuFacts(
    ctx.db,
    skus.map((s) => s.id),
  );
  return skus.flatMap(({ id: skuId }) => {
    const f = facts.get(skuId);
    if (!f) return [];
    const priced = priceSku(f, line.quantity);
    return [
      {
        sku_id: skuId,
        sku_code: f.skuCode,
        color: f.color,
        size: f.size,
        unit_price_minor: priced.unitPriceMinor,
        stock: priced.stock,
        problem: priced.problem,
      },
    ];
  });
}
