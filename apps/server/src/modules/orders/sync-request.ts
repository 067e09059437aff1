import { and, eq } from 'drizzle-orm';
import type { OrderSyncInput, OrderSyncResult } from '@app/shared';
import { STORE_STATUS } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { stores } from '../../db/schema.ts';
import { ConflictError } from '../../errors.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { findStore, visibleStores } from '../markets/service.ts';
import { queueStoreSyncs } from './sync.ts';

/**
 * Queues `orders.sync` for one store of the actor (409 when it is off or needs authorizing
 * again) or for every switched-on, authorized one they may see.
 */
export async function requestStoreSyncs(
  ctx: Ctx,
  runner: Pick<JobRunner, 'enqueue'>,
  input: OrderSyncInput,
): Promise<OrderSyncResult> {
  let storeIds: number[];
  if (input.market_id !== undefined) {
    const store = await findStore(ctx, input.market_id);
    if (store.status !== STORE_STATUS.on) throw new ConflictError('orders.store_switched_off');
    if (store.authStatus !== 'active')
      throw new ConflictError('orders.store_needs_reauthorization');
    storeIds = [store.id];
  } else {
    const visible = await ctx.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(visibleStores(ctx), eq(stores.status, STORE_STATUS.on)));
    storeIds = visible.map((s) => s.id);
  }
  if (storeIds.length === 0) return { jobs: [] };
  const queued = await queueStoreSyncs(ctx.db, runner, { storeIds });
  return { jobs: queued.map((q) => ({ market_id: q.storeId, job_id: q.jobId })) };
}
