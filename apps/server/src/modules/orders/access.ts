import { and, eq, inArray } from 'drizzle-orm';
import type { Marketplace } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orderLogs, orders } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { requireUser } from '../../tenancy.ts';
import { refreshOrderFigures } from '../statistics/index.ts';
import { visibleOrders } from './list.ts';
import type { OrderRow } from './rows.ts';

/** One order the actor may see (locked for update when asked); anyone else's is a 404. */
export async function visibleOrder(
  ctx: Ctx,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<OrderRow> {
  const query = ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), visibleOrders(ctx)));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('orders.not_found');
  return row;
}

/**
 * The given orders the actor may see (of one marketplace when asked, locked for update when
 * asked), in the order of `ids`; a missing one is a 404 naming it.
 */
export async function visibleOrdersById(
  ctx: Ctx,
  ids: number[],
  opts: { lock?: boolean; marketplace?: Marketplace } = {},
): Promise<OrderRow[]> {
  const unique = [...new Set(ids)];
  const query = ctx.db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.id, unique),
        opts.marketplace ? eq(orders.marketplace, opts.marketplace) : undefined,
        visibleOrders(ctx),
      ),
    );
  const rows = opts.lock ? await query.for('update') : await query;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw new NotFoundError('orders.not_found_id', { id: missing });
  return unique.map((id) => byId.get(id)!);
}

/** The logged changes that move an order's statistics (its status, items, totals, refunds, cost). */
const CHANGES_FIGURES = new Set([
  'cancel',
  'cancel_item',
  'edit_num',
  'split',
  'split_from',
  'copy_from',
  'refund',
  'purchase',
  'purchase_cancelled',
]);

/**
 * One order log row by the acting user, read by `show-order-log`; the server's own changes (a
 * shipped purchase order passing its tracking on, the push job's answers) have no user. Every
 * change of an order is logged after it is written, so this is also where the statistics
 * rollups of the changes that move figures are recounted, in the same transaction.
 */
export async function writeOrderLog(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  orderId: number,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const userId = ctx.actor.kind === 'system' ? null : requireUser(ctx).userId;
  await ctx.db.insert(orderLogs).values({ orderId, userId, action, detail });
  if (CHANGES_FIGURES.has(action)) await refreshOrderFigures(ctx.db, [orderId]);
}
