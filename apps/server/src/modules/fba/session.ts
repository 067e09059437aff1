import { ConflictError, NotFoundError } from '../../errors.ts';
import { MarketplaceError, type StoreSession } from '../../integrations/marketplaces/connector.ts';
import type { AmazonConnector } from '../../integrations/marketplaces/amazon/connector.ts';
import type { AmazonInbound } from '../../integrations/marketplaces/amazon/inbound.ts';
import { findStore, storeSessionFor, type MarketCtx } from '../markets/service.ts';
import { updatePlan, type PlanRow, type StoreRow } from './repository.ts';

export interface InboundSession {
  inbound: AmazonInbound;
  session: StoreSession;
}

/** The Amazon store's inbound API; another marketplace's store is a 404 here. */
export function inboundOf(ctx: MarketCtx, store: StoreRow, forWrite = true): InboundSession {
  if (store.marketplace !== 'amazon') throw new NotFoundError('fba.store_not_amazon');
  const { connector, session } = storeSessionFor(ctx, store, { forWrite });
  const inbound = (connector as Partial<AmazonConnector>).inbound;
  if (!inbound) throw new ConflictError('fba.store_not_amazon');
  return { inbound, session };
}

export async function amazonStore(ctx: MarketCtx, storeId: number): Promise<StoreRow> {
  const store = await findStore(ctx, storeId);
  if (store.marketplace !== 'amazon') throw new NotFoundError('fba.store_not_amazon');
  return store;
}

/** Refuses an action that belongs to another step than the plan's. */
export function requireStep(plan: PlanRow, ...steps: PlanRow['step'][]): void {
  if (plan.step === 'cancelled') throw new ConflictError('fba.cancelled');
  if (!steps.includes(plan.step)) throw new ConflictError('fba.wrong_step', { step: plan.step });
}

/**
 * Runs one step against Amazon: its failure (with Amazon's own text) is kept on the plan for
 * the wizard to show; success clears it. Amazon refusing the request (its checks, an operation
 * ending FAILED) answers 409 with Amazon's words, which the client shows as they are (a 5xx
 * would be shown as "service unavailable"); Amazon being unreachable stays a 502.
 */
export async function step<T>(ctx: MarketCtx, plan: PlanRow, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    if (plan.lastError) await updatePlan(ctx, plan.id, { lastError: null });
    return result;
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    await updatePlan(ctx, plan.id, { lastError: error.reason });
    if (error.kind === 'validation' || error.kind === 'not_found') {
      throw new ConflictError('fba.amazon_refused', { reason: error.reason });
    }
    throw error;
  }
}
