import { marketSiteById, type FbaPlan } from '@app/shared';
import { unixSeconds } from '../../time.ts';
import type { PlanRow, ShipmentRow, StoreRow } from './repository.ts';

/** A plan as the API shows it (snake_case, Unix seconds), with its shipments. */
export function planView(plan: PlanRow, store: StoreRow, shipments: ShipmentRow[]): FbaPlan {
  const a = plan.sourceAddress;
  const o = plan.offers;
  return {
    id: plan.id,
    number: plan.number,
    name: plan.name,
    market_id: store.id,
    store_name: store.alias,
    site: marketSiteById(store.marketSiteId)?.code ?? '',
    plan_id: plan.remotePlanId,
    step: plan.step,
    source_address: {
      name: a.name,
      address_line1: a.addressLine1,
      ...(a.addressLine2 ? { address_line2: a.addressLine2 } : {}),
      city: a.city,
      ...(a.stateOrProvinceCode ? { state_or_province_code: a.stateOrProvinceCode } : {}),
      postal_code: a.postalCode,
      country_code: a.countryCode,
      phone_number: a.phoneNumber,
    },
    items: plan.items,
    boxes: plan.boxes.map((b) => ({
      length: b.length,
      width: b.width,
      height: b.height,
      dimension_unit: b.dimensionUnit,
      weight: b.weight,
      weight_unit: b.weightUnit,
      count: b.count,
      items: b.items,
    })),
    offers: {
      packing: (o.packing ?? []).map((p) => ({
        id: p.id,
        packing_group_id: p.packingGroupId,
        mode: p.mode,
      })),
      placement: (o.placement ?? []).map((p) => ({
        id: p.id,
        shipment_ids: p.shipmentIds,
        fee: p.fee,
        currency: p.currency,
      })),
      transport: (o.transport ?? []).map((t) => ({
        id: t.id,
        shipment_id: t.shipmentId,
        partnered: t.partnered,
        carrier: t.carrier,
        mode: t.mode,
        cost: t.cost,
        currency: t.currency,
      })),
    },
    placement_option_id: plan.placementOptionId,
    content_update: o.contentUpdate
      ? {
          shipment_id: o.contentUpdate.shipmentId,
          expiration: unixSeconds(new Date(o.contentUpdate.expiration)),
          cost: o.contentUpdate.cost,
          currency: o.contentUpdate.currency,
          boxes: o.contentUpdate.boxes.map((b) => ({
            package_id: b.packageId ?? null,
            items: b.items,
          })),
        }
      : null,
    last_error: plan.lastError,
    shipments: shipments
      .filter((s) => s.planId === plan.id)
      .map((s) => ({
        shipment_id: s.remoteShipmentId,
        confirmation_id: s.confirmationId,
        status: s.status,
        warehouse_id: s.warehouseId,
        carrier: s.carrier,
        transportation_option_id: s.transportationOptionId,
        boxes: s.boxes.map((b) => ({
          box_id: b.boxId,
          package_id: b.packageId ?? null,
          size: b.size
            ? {
                length: b.size.length,
                width: b.size.width,
                height: b.size.height,
                dimension_unit: b.size.dimensionUnit,
                weight: b.size.weight,
                weight_unit: b.size.weightUnit,
              }
            : null,
          items: b.items,
        })),
        tracking: s.tracking.map((t) => ({ box_id: t.boxId, tracking_id: t.trackingId })),
        history: s.history.map((h) => ({ status: h.status, at: unixSeconds(new Date(h.at)) })),
        synced_at: s.syncedAt ? unixSeconds(s.syncedAt) : null,
      })),
    created_at: unixSeconds(plan.createdAt),
    updated_at: unixSeconds(plan.updatedAt),
  };
}
