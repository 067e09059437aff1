import type { Order, OrderIdsInput } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { visibleOrdersById } from './access.ts';
import { toOrders } from './rows.ts';

/** Several orders by id, in the order asked; any id the actor cannot see is a 404. */
export async function showOrders(ctx: Ctx, input: OrderIdsInput): Promise<Order[]> {
  return toOrders(ctx.db, await visibleOrdersById(ctx, input.ids));
}
