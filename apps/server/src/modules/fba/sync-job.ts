import { and, eq, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { systemCtx } from '../../context.ts';
import { fbaPlans, fbaShipments } from '../../db/schema.ts';
import type { StoreAccess } from '../markets/service.ts';
import { syncPlan } from './sync.ts';

export const FBA_SYNC = 'fba.sync-shipments';
/** Plans read back per run; the next minute's run takes the rest. */
const BATCH = 50;
const DONE = ['CLOSED', 'CANCELLED', 'DELETED'];

/**
 * Reads back from Amazon every confirmed plan with a shipment Amazon has not closed yet and not
 * read in the last `everySeconds`, so receiving shows up without pressing "Sync". A plan that
 * fails (store switched off, Amazon down) is left for the next run.
 */
export async function syncOpenShipments(
  deps: StoreAccess & { log: FastifyBaseLogger; everySeconds: number; now?: () => Date },
): Promise<{ synced: number; failed: number }> {
  const due = new Date((deps.now?.() ?? new Date()).getTime() - deps.everySeconds * 1000);
  const open = await deps.db
    .selectDistinct({ planId: fbaPlans.id, sellerId: fbaPlans.sellerId })
    .from(fbaShipments)
    .innerJoin(fbaPlans, eq(fbaPlans.id, fbaShipments.planId))
    .where(
      and(
        eq(fbaPlans.step, 'confirmed'),
        notInArray(fbaShipments.status, DONE),
        or(isNull(fbaShipments.syncedAt), lt(fbaShipments.syncedAt, due)),
      ),
    )
    .limit(BATCH);
  const result = { synced: 0, failed: 0 };
  for (const plan of open) {
    const ctx = {
      ...systemCtx(deps.db, deps.log, { sellerId: plan.sellerId }),
      connectors: deps.connectors,
      box: deps.box,
    };
    try {
      await syncPlan(ctx, plan.planId);
      result.synced += 1;
    } catch (error) {
      result.failed += 1;
      deps.log.warn({ err: error, planId: plan.planId }, 'FBA shipment sync failed');
    }
  }
  return result;
}
