import { and, inArray } from 'drizzle-orm';
import {
  LOGISTICS_CHANNELS,
  trackingNumberFits,
  type LogisticsChannel,
  type UpdateLogisticsInput,
  type UpdateLogisticsResult,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { saveLogistics } from './actions.ts';
import { visibleOrders } from './list.ts';

function channelOf(text: string): LogisticsChannel | undefined {
  const wanted = text.trim().toLowerCase();
  return LOGISTICS_CHANNELS.find((c) => c.code.toLowerCase() === wanted || String(c.id) === wanted);
}

function reasonOf(error: AppError): string {
  if (error instanceof ValidationError) {
    const fields = (error.data as { fields?: Record<string, string> } | null)?.fields ?? {};
    const texts = Object.values(fields);
    if (texts.length > 0) return texts.join('; ');
  }
  return error.message;
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
    let reason: string | null = null;
    if (!row.number) reason = 'Order number missing';
    else if (matches.length === 0) reason = 'Order not found';
    else if (matches.length > 1) reason = 'Several orders have this number';
    else if (firstRow.has(row.number)) reason = `Listed already in row ${firstRow.get(row.number)}`;
    else if (!row.channel) reason = 'Logistics channel missing';
    else if (!channel) reason = `Unknown logistics channel "${row.channel}"`;
    else if (!channel.marketplaces.includes(order!.marketplace)) {
      reason = `${channel.code} does not serve ${order!.marketplace} orders`;
    } else if (!row.tracking) reason = 'Tracking number missing';
    else if (!trackingNumberFits(channel, row.tracking)) {
      reason = `Not a ${channel.carrier} tracking number (e.g. ${channel.tracking_example})`;
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
        reason = reasonOf(error);
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
