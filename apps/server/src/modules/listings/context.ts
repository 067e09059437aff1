import { systemCtx, type Ctx } from '../../context.ts';
import type { ObjectStorage } from '../../integrations/object-storage.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { MarketCtx, StoreAccess } from '../markets/service.ts';

/** What listing work needs besides the request: stores, storage for images, the job runner. */
export interface ListingDeps extends StoreAccess {
  storage: ObjectStorage;
  jobs: Pick<JobRunner, 'enqueue'>;
  /** Absolute origin for image URLs sent to the marketplace (PUBLIC_URL), if configured. */
  publicUrl?: string;
}

export type ListingCtx = MarketCtx & Omit<ListingDeps, 'db'>;

/**
 * A context for a job acting for one seller: the system actor with the seller's boss view
 * (every store of the seller, nothing of anyone else's).
 */
export function sellerCtx(
  deps: ListingDeps,
  sellerId: number,
  log: Ctx['log'],
  lang?: Ctx['lang'],
): ListingCtx {
  return { ...deps, ...systemCtx(deps.db, log, { sellerId, lang }) };
}
