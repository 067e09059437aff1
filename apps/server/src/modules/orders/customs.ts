import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CUSTOMS_DEFAULT_CURRENCY,
  CUSTOMS_DEFAULT_ORIGIN,
  CUSTOMS_WEIGHT_MAX_G,
  PRINTABLE_ASCII,
  type CustomsItem,
  type EditOrderCustoms,
  type OrderCustoms,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { finishedProducts, orderItemCustoms, orderItems, parentProducts } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { ValidationError, type FieldMessages } from '../../errors.ts';
import { sellerIdOf } from '../../tenancy.ts';
import { visibleOrder, writeOrderLog } from './access.ts';
import { matchFinishedSkus } from './relations.ts';
import type { OrderItemRow, OrderRow } from './rows.ts';
import { allowedActions, assertAllowed } from './transitions.ts';

type SavedCustoms = typeof orderItemCustoms.$inferSelect;

interface ProductFacts {
  title: string;
  parentTitle: string;
  parentTitleEn: string;
  weightG: number;
}

const asciiName = (text: string): string | null => {
  const trimmed = text.trim().slice(0, 100).trim();
  return trimmed && PRINTABLE_ASCII.test(trimmed) ? trimmed : null;
};
const cjkName = (text: string): string | null => text.trim().slice(0, 100).trim() || null;

/** What the matched finished product and its parent say about each item's SKU. */
async function productFacts(ctx: Ctx, items: OrderItemRow[]): Promise<Map<string, ProductFacts>> {
  const matched = await matchFinishedSkus(
    ctx,
    items.map((i) => i.sku),
  );
  const productIds = [...new Set([...matched.values()].map((m) => m.productId))];
  const products =
    productIds.length === 0
      ? []
      : await ctx.db
          .select({
            id: finishedProducts.id,
            title: finishedProducts.title,
            parentTitle: parentProducts.title,
            parentTitleEn: parentProducts.titleEn,
            weightG: parentProducts.weightG,
          })
          .from(finishedProducts)
          .innerJoin(parentProducts, eq(parentProducts.id, finishedProducts.parentProductId))
          .where(inArray(finishedProducts.id, productIds));
  const byProduct = new Map(products.map((p) => [p.id, p]));
  const result = new Map<string, ProductFacts>();
  for (const [key, sku] of matched) {
    const product = byProduct.get(sku.productId);
    if (product) result.set(key, product);
  }
  return result;
}

function customsItem(
  order: OrderRow,
  item: OrderItemRow,
  saved: SavedCustoms | undefined,
  facts: ProductFacts | undefined,
): CustomsItem {
  const base = { item_id: item.id, sku: item.sku, title: item.title, quantity: item.quantity };
  if (saved) {
    return {
      ...base,
      name_en: saved.nameEn,
      name_cn: saved.nameCn,
      hs_code: saved.hsCode,
      value_minor: saved.valueMinor,
      currency: saved.currency,
      weight_g: saved.weightG,
      origin_country: saved.originCountry,
      saved: true,
    };
  }
  // Defaults: names from the parent product (English title, Chinese title), else the item's
  // title; the unit price when the order is in the declaration currency; the parent's weight.
  const unitMinor =
    order.currency === CUSTOMS_DEFAULT_CURRENCY && item.quantity > 0
      ? Math.round(item.lineTotalMinor / item.quantity)
      : null;
  const weight = facts?.weightG ?? 0;
  return {
    ...base,
    name_en:
      asciiName(facts?.parentTitleEn ?? '') ??
      asciiName(facts?.title ?? '') ??
      asciiName(item.title),
    name_cn: cjkName(facts?.parentTitle ?? '') ?? cjkName(facts?.title ?? ''),
    hs_code: null,
    value_minor: unitMinor !== null && unitMinor > 0 ? unitMinor : null,
    currency: CUSTOMS_DEFAULT_CURRENCY,
    weight_g: weight >= 1 && weight <= CUSTOMS_WEIGHT_MAX_G ? weight : null,
    origin_country: CUSTOMS_DEFAULT_ORIGIN,
    saved: false,
  };
}

async function activeItems(ctx: Ctx, orderId: number): Promise<OrderItemRow[]> {
  return ctx.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.cancelledAt)))
    .orderBy(orderItems.id);
}

async function customsOf(ctx: Ctx, order: OrderRow): Promise<OrderCustoms> {
  const items = await activeItems(ctx, order.id);
  const [saved, facts] = await Promise.all([
    items.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select()
          .from(orderItemCustoms)
          .where(
            inArray(
              orderItemCustoms.orderItemId,
              items.map((i) => i.id),
            ),
          ),
    productFacts(ctx, items),
  ]);
  const savedByItem = new Map(saved.map((s) => [s.orderItemId, s]));
  return {
    order_id: order.id,
    seller_order_id: order.number,
    status: order.status,
    editable: allowedActions(order).includes('edit_customs'),
    items: items.map((item) =>
      customsItem(order, item, savedByItem.get(item.id), facts.get(item.sku.toLowerCase())),
    ),
  };
}

/** Each active item's declaration: what the seller saved, else defaults from the product. */
export async function getOrderCustoms(ctx: Ctx, input: { id: number }): Promise<OrderCustoms> {
  return customsOf(ctx, await visibleOrder(ctx, input.id));
}

/**
 * Saves the declarations of the given items (the schema checked each value); an item that is
 * not an active item of this order is a 422 naming `items.N.item_id`. Written to the order log.
 */
export async function editOrderCustoms(ctx: Ctx, input: EditOrderCustoms): Promise<OrderCustoms> {
  return withTransaction(ctx, async (tx) => {
    const order = await visibleOrder(tx, input.id, { lock: true });
    assertAllowed(order, 'edit_customs');
    const active = new Set((await activeItems(tx, order.id)).map((i) => i.id));
    const fields: FieldMessages = {};
    const seen = new Set<number>();
    input.items.forEach((item, n) => {
      if (!active.has(item.item_id)) fields[`items.${n}.item_id`] = 'orders.not_an_item';
      else if (seen.has(item.item_id)) fields[`items.${n}.item_id`] = 'orders.listed_twice';
      seen.add(item.item_id);
    });
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    const sellerId = sellerIdOf(tx);
    await tx.db
      .insert(orderItemCustoms)
      .values(
        input.items.map((i) => ({
          orderItemId: i.item_id,
          sellerId,
          nameEn: i.name_en,
          nameCn: i.name_cn,
          hsCode: i.hs_code,
          valueMinor: i.value_minor,
          currency: i.currency,
          weightG: i.weight_g,
          originCountry: i.origin_country,
        })),
      )
      .onConflictDoUpdate({
        target: orderItemCustoms.orderItemId,
        set: {
          nameEn: sql`excluded.name_en`,
          nameCn: sql`excluded.name_cn`,
          hsCode: sql`excluded.hs_code`,
          valueMinor: sql`excluded.value_minor`,
          currency: sql`excluded.currency`,
          weightG: sql`excluded.weight_g`,
          originCountry: sql`excluded.origin_country`,
          updatedAt: new Date(),
        },
      });
    await writeOrderLog(tx, order.id, 'customs', { items: input.items });
    return customsOf(tx, order);
  });
}

/** Saved declarations by order item, for labels. */
export async function savedCustomsOf(
  ctx: Ctx,
  itemIds: number[],
): Promise<Map<number, SavedCustoms>> {
  if (itemIds.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(orderItemCustoms)
    .where(inArray(orderItemCustoms.orderItemId, itemIds));
  return new Map(rows.map((r) => [r.orderItemId, r]));
}
