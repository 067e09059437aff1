import type { FbaListQuery, FbaPlan, FbaPlanPage, OrderMarket } from '@app/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { amazonStores, findPlan, listPlans, shipmentsOf } from './repository.ts';
import { planView } from './view.ts';

/** The FBA shipments list: the actor's plans, newest first, with their shipments. */
export async function listFba(ctx: Ctx, q: z.output<typeof FbaListQuery>): Promise<FbaPlanPage> {
  const { rows, total } = await listPlans(
    ctx,
    {
      storeId: q.market_id,
      shipmentId: q.shipment_id,
      number: q.order_number,
      status: q.status,
      from: q.start_time === undefined ? undefined : new Date(q.start_time * 1000),
      to: q.end_time === undefined ? undefined : new Date(q.end_time * 1000),
    },
    { offset: (q.page - 1) * q.limit, limit: q.limit },
  );
  const shipments = await shipmentsOf(
    ctx,
    rows.map((r) => r.plan.id),
  );
  return {
    list: rows.map((r) => planView(r.plan, r.store, shipments)),
    pagination: { page: q.page, size: q.limit, total, more: q.page * q.limit < total },
  };
}

export async function fbaDetail(ctx: Ctx, id: number): Promise<FbaPlan> {
  const { plan, store } = await findPlan(ctx, id);
  return planView(plan, store, await shipmentsOf(ctx, [plan.id]));
}

/** The actor's Amazon stores, for the list's filter and the wizard's first step. */
export async function fbaStores(ctx: Ctx): Promise<OrderMarket[]> {
  return (await amazonStores(ctx)).map((s) => ({
    id: s.id,
    alias: s.alias,
    marketplace: s.marketplace,
    market_site_id: s.marketSiteId,
    status: s.status,
  }));
}
