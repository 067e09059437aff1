import type { Ctx } from '../../context.ts';
import type { Connectors } from '../../integrations/marketplaces/index.ts';
import type { JobRunner } from '../../jobs/runner.ts';

/** What a marketplace event needs: no signed-in actor, the event's signature is its proof. */
export interface WebhookCtx extends Pick<Ctx, 'db' | 'log'> {
  connectors: Connectors;
  jobs: Pick<JobRunner, 'enqueue'>;
}

export const ORDER_GID = 'gid://shopify/Order/';

/** Shopify's numeric order ids as the order GIDs we keep. */
export function orderGids(ids: unknown): string[] {
  return Array.isArray(ids) ? ids.map((id) => `${ORDER_GID}${String(id)}`) : [];
}
