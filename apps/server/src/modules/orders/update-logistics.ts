import { and, inArray } from 'drizzle-orm';
import {
  LOGISTICS_CHANNELS,
  MARKETPLACE_NAMES,
  trackingNumberFits,
  type LogisticsChannel,
  type UpdateLogisticsInput,
  type UpdateLogisticsResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { AppError, reasonText } from '../../errors.ts';
import { renderText } from '../../i18n/render-text.ts';
import { saveLogistics } from './actions.ts';
import { visibleOrders } from './list.ts';

function channelOf(text: string): LogisticsChannel | undefined {
  const wanted = text.trim().toLowerCase();
  return LOGISTICS_CHANNELS.find((c) => c.code.toLowerCase() === wanted || String(c.id) === wanted);
}

/**
 * Sets logistics on many orders from pasted or uploaded rows (order number, channel code,
 * tracking number). Every row gets a result with its row number: the order must be one the
 * actor sees (another seller's is "not found"), listed once, the channel known and serving
 * the order's marketplace, the tracking number of the channel's shape; a number applied by an
 * earlier row is refused, one whose earlier row failed may be tried again. Good rows go in one by
 * one through `saveLogistics` (its own transaction, status check and log), so one bad row
 * never undoes the others.
 */
export async function updateLogistics(
  ctx: Ctx,
  input: UpdateLogisticsInput,
): Promise<UpdateLogisticsResult> {
  const rows = input.rows.map((r) => ({
    number: r.seller_order_id.trim(),
    channel: r.channel.trim(),
    tracking: r.shipped_number.trim(),
  }));
  const numbers = [...new Set(rows.map((r) => r.number).filter(Boolean))];
  const found =
    numbers.length === 0
      ? []
      : await ctx.db
          .select({ id: orders.id, number: orders.number, marketplace: orders.marketplace })
          .from(orders)
          .where(and(inArray(orders.number, numbers), visibleOrders(ctx)));
  const byNumber = new Map<string, typeof found>();
  for (const o of found) byNumber.set(o.number, [...(byNumber.get(o.number) ?? []), o]);

  const firstRow = new Map<string, number>();
  const results: UpdateLogisticsResult['results'] = [];
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    const matches = byNumber.get(row.number) ?? [];
    const order = matches.length === 1 ? matches[0]! : null;
    const channel = row.channel ? channelOf(row.channel) : undefined;
    // Results are read by the asker: in their language.
    const text = (key: string, params?: Record<string, unknown>) =>
      renderText(ctx.lang, `reason.${key}`, params);
    let reason: string | null = null;
    if (!row.number) reason = text('order_number_missing');
    else if (matches.length === 0) reason = text('order_not_found');
    else if (matches.length > 1) reason = text('several_orders');
    else if (firstRow.has(row.number)) {
      reason = text('listed_already', { row: firstRow.get(row.number) });
    } else if (!row.channel) reason = text('channel_missing');
    else if (!channel) reason = text('unknown_channel', { channel: row.channel });
    else if (!channel.marketplaces.includes(order!.marketplace)) {
      reason = text('channel_not_for_marketplace', {
        channel: channel.code,
        marketplace: MARKETPLACE_NAMES[order!.marketplace],
      });
    } else if (!row.tracking) reason = text('tracking_missing');
    else if (!trackingNumberFits(channel, row.tracking)) {
      reason = text('tracking_shape', {
        carrier: channel.carrier,
        example: channel.tracking_example,
      });
    }
    if (reason === null) {
      try {
        await saveLogistics(ctx, {
          id: order!.id,
          user_logistics_channel_id: channel!.id,
          shipped_number: row.tracking,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        reason = reasonText(error, ctx.lang);
      }
    }
    // A later row may correct a failed one; only an applied row claims its order.
    if (reason === null) firstRow.set(row.number, n);
    results.push({
      row: n,
      seller_order_id: row.number,
      order_id: order?.id ?? null,
      ok: reason === null,
      reason,
    });
  }
  const applied = results.filter((r) => r.ok).length;
  return { applied, failed: results.length - applied, results };
}
