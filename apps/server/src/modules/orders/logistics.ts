import { and, eq } from 'drizzle-orm';
import {
  logisticsChannelById,
  logisticsChannelsFor,
  trackingNumberFits,
  type LogisticsChannel,
  type LogisticsChannelQuery,
  type Marketplace,
} from '@app/shared';
import type { Ctx } from '../../context.ts';
import { stores } from '../../db/schema.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { visibleStores } from '../markets/service.ts';

/** The platform's channels, narrowed to one visible store's marketplace with `market_id`. */
export async function listLogisticsChannels(
  ctx: Ctx,
  query: LogisticsChannelQuery,
): Promise<LogisticsChannel[]> {
  if (query.market_id === undefined) return logisticsChannelsFor();
  const [store] = await ctx.db
    .select({ marketplace: stores.marketplace })
    .from(stores)
    .where(and(eq(stores.id, query.market_id), visibleStores(ctx)));
  if (!store) throw new NotFoundError('orders.store_not_found');
  return logisticsChannelsFor(store.marketplace);
}

/**
 * Refuses (422 naming the field) a channel the platform does not have or that does not serve
 * the order's marketplace, and a tracking number without the channel's shape.
 */
export function assertLogistics(
  marketplace: Marketplace,
  input: { user_logistics_channel_id: number; shipped_number: string },
): void {
  const channel = logisticsChannelById(input.user_logistics_channel_id);
  if (!channel) {
    throw new ValidationError({ user_logistics_channel_id: 'orders.unknown_channel' });
  }
  if (!channel.marketplaces.includes(marketplace)) {
    throw new ValidationError({
      user_logistics_channel_id: {
        key: 'orders.channel_not_for_marketplace',
        params: { channel: channel.name_en, marketplace },
      },
    });
  }
  if (!trackingNumberFits(channel, input.shipped_number)) {
    throw new ValidationError({
      shipped_number: {
        key: 'orders.bad_tracking_number',
        params: { carrier: channel.carrier, example: channel.tracking_example },
      },
    });
  }
}
