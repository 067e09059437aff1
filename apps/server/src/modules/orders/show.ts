import { and, inArray } from 'drizzle-orm';
import type { Order, OrderIdsInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { visibleOrders } from './list.ts';
import { toOrders } from './rows.ts';

/** Several orders by id, in the order asked; any id the actor cannot see is a 404. */
export async function showOrders(ctx: Ctx, input: OrderIdsInput): Promise<Order[]> {
  const ids = [...new Set(input.ids)];
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), visibleOrders(ctx)));
  if (rows.length !== ids.length) throw new NotFoundError('Order not found');
  const byId = new Map((await toOrders(ctx.db, rows)).map((o) => [o.id, o]));
  return ids.map((id) => byId.get(id)!);
}
