import type { FbaKuaidi, FbaKuaidiInput, FbaKuaidiParcel } from '@app/shared';
import type { Ctx } from '../../context.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { TrackingError, type TrackingProvider } from '../../integrations/tracking/index.ts';
import { findPlan, shipmentsOf } from './repository.ts';

/** Numbers asked in one request at most: a plan of many boxes is read shipment by shipment. */
const MAX_PARCELS = 100;

/**
 * `kuaidi`: what the carrier says now about each tracking number of the plan's shipments (or
 * of one), asked one by one of the tracking provider the production desk polls. A number the
 * service refuses keeps its refusal as `error` and the others still answer.
 */
export async function planTracking(
  ctx: Ctx,
  provider: TrackingProvider | null,
  input: FbaKuaidiInput,
): Promise<FbaKuaidi> {
  const { plan } = await findPlan(ctx, input.id);
  const shipments = (await shipmentsOf(ctx, [plan.id])).filter(
    (s) =>
      !input.shipment_id ||
      s.remoteShipmentId === input.shipment_id ||
      s.confirmationId === input.shipment_id,
  );
  if (input.shipment_id && shipments.length === 0) {
    throw new NotFoundError('fba.shipment_not_found');
  }
  const parcels = shipments.flatMap((s) =>
    s.tracking.map((t) => ({ shipment: s, boxId: t.boxId, trackingId: t.trackingId })),
  );
  if (parcels.length === 0) return { list: [] };
  if (!provider) throw new ConflictError('fba.tracking_unavailable');
  if (parcels.length > MAX_PARCELS) {
    throw new ConflictError('fba.too_many_parcels', { max: MAX_PARCELS });
  }
  // Boxes of one shipment often share a number: ask the carrier once per number.
  const asked = new Map<string, Promise<Pick<FbaKuaidiParcel, 'status' | 'events' | 'error'>>>();
  const ask = (carrier: string, trackingId: string) => {
    const key = `${carrier}\n${trackingId}`;
    if (!asked.has(key)) {
      asked.set(
        key,
        provider.track(carrier, trackingId).then(
          (t) => ({ status: t.status, events: t.events, error: null }),
          (error: unknown) => {
            if (!(error instanceof TrackingError)) throw error;
            const text = error.code ? `${error.code} ${error.message}` : error.message;
            return { status: null, events: [], error: text };
          },
        ),
      );
    }
    return asked.get(key)!;
  };
  const list: FbaKuaidiParcel[] = [];
  for (const p of parcels) {
    const carrier = p.shipment.carrier ?? '';
    list.push({
      shipment_id: p.shipment.remoteShipmentId,
      confirmation_id: p.shipment.confirmationId,
      box_id: p.boxId,
      tracking_id: p.trackingId,
      carrier,
      ...(await ask(carrier, p.trackingId)),
    });
  }
  return { list };
}
