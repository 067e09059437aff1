import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { systemCtx, type Ctx } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { purchaseOrderPackages } from '../../db/schema.ts';
import { withTransaction } from '../../db/tx.ts';
import {
  TrackingError,
  type Tracking,
  type TrackingProvider,
} from '../../integrations/tracking/index.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { packagesOf, type PackageRow } from '../finance/index.ts';
import { notificationLinks, notify } from '../notifications/index.ts';
import { flagException } from './actions.ts';
import { lockOrder, transition } from './orders.ts';

export const TRACKING_POLL = 'production.track-parcels';
/** A parcel with no new event for this long is flagged: the operator reprints or refunds. */
export const STUCK_DAYS = 7;
/** Parcels one run polls at most; the rest wait for the next minute. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrackingDeps {
  db: Executor;
  log: FastifyBaseLogger;
  provider: TrackingProvider;
  /** How often one parcel is asked about (Kuaidi100 asks for half an hour at least). */
  pollEverySeconds: number;
  now?: () => Date;
}

export interface PollResult {
  polled: number;
  delivered: number;
  flagged: number;
  failed: number;
}

/**
 * Asks the provider about every open parcel not asked recently (optionally of one purchase
 * order only), saves its events, closes the purchase order once every parcel of a fully
 * shipped order is delivered, and flags an exception for a parcel returned, in trouble, or
 * without a new event for `STUCK_DAYS`.
 */
export async function pollParcels(
  deps: TrackingDeps,
  job: Pick<JobContext, 'progress'> | null,
  opts: { purchaseOrderId?: number } = {},
): Promise<PollResult> {
  const now = deps.now?.() ?? new Date();
  const due = new Date(now.getTime() - deps.pollEverySeconds * 1000);
  const open = await deps.db
    .select()
    .from(purchaseOrderPackages)
    .where(
      and(
        inArray(purchaseOrderPackages.status, ['pending', 'in_transit']),
        isNull(purchaseOrderPackages.voidedAt),
        opts.purchaseOrderId === undefined
          ? or(
              isNull(purchaseOrderPackages.lastPolledAt),
              lt(purchaseOrderPackages.lastPolledAt, due),
            )
          : eq(purchaseOrderPackages.purchaseOrderId, opts.purchaseOrderId),
      ),
    )
    .orderBy(asc(purchaseOrderPackages.lastPolledAt), asc(purchaseOrderPackages.id))
    .limit(BATCH);
  const result: PollResult = { polled: 0, delivered: 0, flagged: 0, failed: 0 };
  await job?.progress(0, open.length);
  for (const pkg of open) {
    let tracking: Tracking | null = null;
    let error: string | null = null;
    try {
      tracking = await deps.provider.track(pkg.carrier, pkg.trackingNo);
    } catch (failure) {
      if (!(failure instanceof TrackingError)) throw failure;
      error = failure.code ? `${failure.code} ${failure.message}` : failure.message;
      result.failed += 1;
    }
    const ctx = systemCtx(deps.db, deps.log, { sellerId: pkg.sellerId });
    const outcome = await withTransaction(ctx, (tx) => saveTracking(tx, pkg, tracking, error, now));
    result.polled += 1;
    if (outcome === 'delivered') result.delivered += 1;
    if (outcome === 'flagged') result.flagged += 1;
    await job?.progress(result.polled, open.length);
  }
  return result;
}

/** One parcel's answer, under its purchase order's lock; what it changed. */
async function saveTracking(
  ctx: Ctx,
  pkg: PackageRow,
  tracking: Tracking | null,
  error: string | null,
  now: Date,
): Promise<'delivered' | 'flagged' | null> {
  const order = await lockOrder(ctx, pkg.purchaseOrderId);
  const events = tracking?.events ?? pkg.events;
  const newest = events.reduce((max, e) => Math.max(max, e.time), 0);
  const lastEventAt =
    newest * 1000 > pkg.lastEventAt.getTime() ? new Date(newest * 1000) : pkg.lastEventAt;
  const stuck = now.getTime() - lastEventAt.getTime() > STUCK_DAYS * DAY_MS;
  const carrierTrouble = tracking?.status === 'exception' || tracking?.status === 'returned';
  const status = tracking?.status ?? (stuck ? 'exception' : pkg.status);
  await ctx.db
    .update(purchaseOrderPackages)
    .set({
      status: stuck && status !== 'delivered' ? 'exception' : status,
      events,
      lastEventAt,
      lastPolledAt: now,
      pollError: error,
      deliveredAt: status === 'delivered' ? (pkg.deliveredAt ?? now) : null,
    })
    .where(eq(purchaseOrderPackages.id, pkg.id));

  if (status === 'delivered') {
    if (order.status !== 'shipped') return null;
    const all = await packagesOf(ctx.db, order.id);
    const open = all.filter((p) => !p.voidedAt && p.id !== pkg.id && !p.deliveredAt);
    if (open.length > 0) return null;
    await transition(ctx, order, 'deliver', {
      set: { deliveredAt: now, updatedAt: now },
      params: { package_id: pkg.id },
    });
    await notify(ctx, {
      sellerId: order.sellerId,
      kind: 'po_delivered',
      message: { key: 'notifications.po_delivered', params: { number: order.number } },
      link: notificationLinks.purchaseOrder(order.id),
    });
    return 'delivered';
  }
  if (
    (stuck || carrierTrouble) &&
    (order.status === 'shipped' || order.status === 'partially_shipped')
  ) {
    const reason = tracking?.status === 'returned' ? 'returned' : stuck ? 'stuck' : 'lost';
    await flagException(
      ctx,
      order,
      { reason, note: '' },
      { package_id: pkg.id, tracking_no: pkg.trackingNo },
    );
    return 'flagged';
  }
  return null;
}
