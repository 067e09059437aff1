import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { ShopeeLogisticsQuery } from '@app/shared';
import {
  SHOPEE_LOGISTICS_LIMIT,
  type ShopeeLogisticsPage,
  type ShopeeLogisticsSynchroInput,
  type ShopeeLogisticsSynchroResult,
} from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { shopeeLogisticsChannels, stores } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import { NotFoundError } from '../../errors.ts';
import { unixSeconds } from '../../time.ts';
import { ownedBy } from '../../tenancy.ts';
import { findStore, visibleStores, type MarketCtx } from '../markets/service.ts';
import { shopeeSession } from './session.ts';

type Query = z.output<typeof ShopeeLogisticsQuery>;

/** The cached channels of the actor's Shopee stores (or one), 100 per page (spec 9). */
export async function listChannels(ctx: Ctx, q: Query): Promise<ShopeeLogisticsPage> {
  if (q.market_id !== undefined) {
    const store = await findStore(ctx, q.market_id);
    if (store.marketplace !== 'shopee') throw new NotFoundError('shopee.store_not_found');
  }
  const where = and(
    ownedBy(ctx, shopeeLogisticsChannels.sellerId),
    q.market_id === undefined ? undefined : eq(shopeeLogisticsChannels.storeId, q.market_id),
  );
  const visible = and(where, visibleStores(ctx));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ channel: shopeeLogisticsChannels, alias: stores.alias })
      .from(shopeeLogisticsChannels)
      .innerJoin(stores, eq(stores.id, shopeeLogisticsChannels.storeId))
      .where(visible)
      .orderBy(asc(shopeeLogisticsChannels.storeId), asc(shopeeLogisticsChannels.channelId))
      .limit(SHOPEE_LOGISTICS_LIMIT)
      .offset((q.page - 1) * SHOPEE_LOGISTICS_LIMIT),
    ctx.db
      .select({ n: count() })
      .from(shopeeLogisticsChannels)
      .innerJoin(stores, eq(stores.id, shopeeLogisticsChannels.storeId))
      .where(visible),
  ]);
  return {
    list: rows.map(({ channel: c, alias }) => ({
      id: c.id,
      market_id: c.storeId,
      market_alias: alias,
      logistics_channel_id: c.channelId,
      logistics_channel_name: c.name,
      enabled: c.enabled,
      cod_enabled: c.codEnabled,
      fee_type: c.feeType,
      synced_at: unixSeconds(c.syncedAt),
    })),
    pagination: { page: q.page, size: SHOPEE_LOGISTICS_LIMIT, total: total!.n },
  };
}

/** Replaces a store's cached channels with what get_channel_list answers now. */
export async function synchroChannels(
  ctx: MarketCtx,
  input: ShopeeLogisticsSynchroInput,
): Promise<ShopeeLogisticsSynchroResult> {
  const { store, connector, session } = await shopeeSession(ctx, input.market_id, false);
  const remote = await connector.channelList(session);
  return withTransaction(ctx, async (tx) => {
    const now = new Date();
    for (const c of remote) {
      const values = {
        name: c.logistics_channel_name,
        enabled: c.enabled,
        codEnabled: c.cod_enabled,
        feeType: String((c as Record<string, unknown>).fee_type ?? ''),
        syncedAt: now,
      };
      await tx.db
        .insert(shopeeLogisticsChannels)
        .values({
          sellerId: store.sellerId,
          storeId: store.id,
          channelId: c.logistics_channel_id,
          ...values,
        })
        .onConflictDoUpdate({
          target: [shopeeLogisticsChannels.storeId, shopeeLogisticsChannels.channelId],
          set: values,
        });
    }
    const ids = remote.map((c) => c.logistics_channel_id);
    const removed = await tx.db
      .delete(shopeeLogisticsChannels)
      .where(
        and(
          eq(shopeeLogisticsChannels.storeId, store.id),
          ids.length > 0 ? notInArray(shopeeLogisticsChannels.channelId, ids) : undefined,
        ),
      )
      .returning({ id: shopeeLogisticsChannels.id });
    return { count: remote.length, removed: removed.length };
  });
}
