import { ConflictError } from '../../errors.ts';
import type { MarketCtx } from '../markets/service.ts';
import { findPlan, saveShipment, shipmentsOf, updatePlan, type PlanRow } from './repository.ts';
import { inboundOf, requireStep, step, type InboundSession } from './session.ts';

/**
 * Reads one shipment back from Amazon (status, confirmation id, warehouse, boxes, tracking) and
 * keeps it, adding a status it had not had yet to its history.
 */
export async function refreshShipment(
  ctx: MarketCtx,
  { inbound, session }: InboundSession,
  plan: PlanRow,
  remoteShipmentId: string,
): Promise<void> {
  const [shipment, boxes] = await Promise.all([
    inbound.getShipment(session, plan.remotePlanId, remoteShipmentId),
    inbound.listShipmentBoxes(session, plan.remotePlanId, remoteShipmentId),
  ]);
  const kept = (await shipmentsOf(ctx, [plan.id])).find(
    (s) => s.remoteShipmentId === remoteShipmentId,
  );
  const status = shipment.status ?? 'WORKING';
  const history = kept?.history ?? [];
  const now = new Date();
  await saveShipment(ctx, plan.id, remoteShipmentId, {
    confirmationId: shipment.shipmentConfirmationId ?? null,
    status,
    warehouseId: shipment.destination?.warehouseId ?? null,
    boxes: boxes.map((b) => ({
      boxId: b.boxId ?? b.packageId,
      packageId: b.packageId,
      ...(b.dimensions && b.weight
        ? {
            size: {
              length: b.dimensions.length,
              width: b.dimensions.width,
              height: b.dimensions.height,
              dimensionUnit: b.dimensions.unitOfMeasurement,
              weight: b.weight.value,
              weightUnit: b.weight.unit,
            },
          }
        : {}),
      items: (b.items ?? []).map((i) => ({ sku: i.msku, quantity: i.quantity })),
    })),
    tracking: (shipment.trackingDetails?.spdTrackingDetail?.spdTrackingItems ?? []).flatMap((t) =>
      t.boxId && t.trackingId ? [{ boxId: t.boxId, trackingId: t.trackingId }] : [],
    ),
    history: history.some((h) => h.status === status)
      ? history
      : [...history, { status, at: now.toISOString() }],
    syncedAt: now,
  });
}

/** sync-shipment: every shipment of the plan read back from Amazon. */
export async function syncPlan(ctx: MarketCtx, id: number): Promise<void> {
  const { plan, store } = await findPlan(ctx, id);
  const shipments = await shipmentsOf(ctx, [plan.id]);
  if (shipments.length === 0) throw new ConflictError('fba.wrong_step', { step: plan.step });
  const api = inboundOf(ctx, store, false);
  await step(ctx, plan, async () => {
    for (const s of shipments) await refreshShipment(ctx, api, plan, s.remoteShipmentId);
  });
  await updatePlan(ctx, plan.id, {});
}

/** Cancels the plan at Amazon (refused once a shipment has left); its shipments with it. */
export async function cancelPlan(ctx: MarketCtx, id: number): Promise<void> {
  const { plan, store } = await findPlan(ctx, id);
  requireStep(plan, 'packing', 'placement', 'transport', 'confirmed');
  const { inbound, session } = inboundOf(ctx, store);
  await step(ctx, plan, () => inbound.cancelInboundPlan(session, plan.remotePlanId));
  const now = new Date().toISOString();
  for (const s of await shipmentsOf(ctx, [plan.id])) {
    await saveShipment(ctx, plan.id, s.remoteShipmentId, {
      status: 'CANCELLED',
      history: [...s.history, { status: 'CANCELLED', at: now }],
    });
  }
  await updatePlan(ctx, plan.id, { step: 'cancelled' });
}
