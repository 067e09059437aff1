import type { FbaBoxesInput, FbaContentConfirmInput, FbaContentInput } from '@app/shared';
import type { FbaShipmentBox } from '../../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { MarketCtx } from '../markets/service.ts';
import { findPlan, shipmentsOf, updatePlan, type PlanRow, type ShipmentRow } from './repository.ts';
import { inboundOf, requireStep, step } from './session.ts';
import { refreshShipment } from './sync.ts';
import { checkBoxes, fbaBoxesOf, placementOffers, sendBoxes } from './wizard.ts';

/**
 * Edit before placement (step "placement"): the boxes are sent again as packing information and
 * Amazon's placement options made anew. The plan's quantities stay (Amazon checks the boxes
 * hold them). Once a placement is confirmed (step "transport") Amazon refuses packing
 * information; the call is still made, so the seller reads Amazon's own refusal.
 */
export async function editBoxes(ctx: MarketCtx, input: FbaBoxesInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  requireStep(plan, 'placement', 'transport');
  checkBoxes(plan, input.boxes);
  const packing =
    plan.offers.packing?.find((o) => o.id === plan.offers.packingOptionId) ??
    plan.offers.packing?.[0];
  if (!packing) throw new ConflictError('fba.wrong_step', { step: plan.step });
  const { inbound, session } = inboundOf(ctx, store);
  const boxes = fbaBoxesOf(input.boxes);
  const placement = await step(ctx, plan, () =>
    sendBoxes(inbound, session, plan.remotePlanId, packing.packingGroupId, boxes),
  );
  await updatePlan(ctx, plan.id, {
    boxes,
    offers: { ...plan.offers, placement: placementOffers(placement) },
  });
}

async function confirmedShipment(ctx: MarketCtx, plan: PlanRow, shipmentId: string) {
  requireStep(plan, 'confirmed');
  const shipment = (await shipmentsOf(ctx, [plan.id])).find(
    (s) => s.remoteShipmentId === shipmentId || s.confirmationId === shipmentId,
  );
  if (!shipment) throw new NotFoundError('fba.shipment_not_found');
  return shipment;
}

/** The new boxes' SKUs must be the plan's, existing boxes the shipment's. */
function checkContent(plan: PlanRow, shipment: ShipmentRow, boxes: FbaContentInput['boxes']) {
  checkBoxes(plan, boxes);
  const fields: Record<string, 'fba.box_not_in_shipment'> = {};
  boxes.forEach((b, n) => {
    if (b.package_id && !shipment.boxes.some((x) => x.packageId === b.package_id))
      fields[`boxes.${n}.package_id`] = 'fba.box_not_in_shipment';
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

/**
 * Edit after the carrier is confirmed: Amazon's shipment content update. Amazon prices the
 * change as a preview (its carrier's new cost), kept on the plan until the seller confirms it;
 * Amazon refuses it (in its words) for a shipment already on its way.
 */
export async function previewContent(ctx: MarketCtx, input: FbaContentInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  const shipment = await confirmedShipment(ctx, plan, input.shipment_id);
  checkContent(plan, shipment, input.boxes);
  const units = new Map<string, number>();
  for (const b of input.boxes)
    for (const i of b.items) units.set(i.sku, (units.get(i.sku) ?? 0) + i.quantity);
  const { inbound, session } = inboundOf(ctx, store);
  const preview = await step(ctx, plan, async () => {
    await inbound.generateShipmentContentUpdatePreviews(
      session,
      plan.remotePlanId,
      shipment.remoteShipmentId,
      {
        boxes: input.boxes.map((b) => ({
          ...(b.package_id ? { packageId: b.package_id } : {}),
          dimensions: {
            length: b.length,
            width: b.width,
            height: b.height,
            unitOfMeasurement: b.dimension_unit,
          },
          weight: { value: b.weight, unit: b.weight_unit },
          quantity: 1,
          items: b.items.map((i) => ({
            msku: i.sku,
            quantity: i.quantity,
            prepOwner: 'SELLER' as const,
            labelOwner: 'SELLER' as const,
          })),
        })),
        items: [...units].map(([msku, quantity]) => ({
          msku,
          quantity,
          prepOwner: 'SELLER' as const,
          labelOwner: 'SELLER' as const,
        })),
      },
    );
    const previews = await inbound.listShipmentContentUpdatePreviews(
      session,
      plan.remotePlanId,
      shipment.remoteShipmentId,
    );
    // The newest is the one just asked for.
    return previews.sort((a, b) => b.expiration.localeCompare(a.expiration))[0];
  });
  if (!preview) throw new ConflictError('fba.wrong_step', { step: plan.step });
  const quote = preview.transportationOption.quote?.cost;
  const boxes: FbaShipmentBox[] = input.boxes.map((b) => ({
    boxId: '',
    ...(b.package_id ? { packageId: b.package_id } : {}),
    items: b.items,
  }));
  await updatePlan(ctx, plan.id, {
    offers: {
      ...plan.offers,
      contentUpdate: {
        shipmentId: shipment.remoteShipmentId,
        previewId: preview.contentUpdatePreviewId,
        expiration: preview.expiration,
        cost: quote ? String(quote.amount) : null,
        currency: quote?.code ?? null,
        boxes,
      },
    },
  });
}

/**
 * Confirms the priced content update: the shipment is read back from Amazon and the plan's
 * quantities become what its shipments now hold.
 */
export async function confirmContent(ctx: MarketCtx, input: FbaContentConfirmInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  const shipment = await confirmedShipment(ctx, plan, input.shipment_id);
  const pending = plan.offers.contentUpdate;
  if (!pending || pending.shipmentId !== shipment.remoteShipmentId)
    throw new ConflictError('fba.no_content_update');
  const api = inboundOf(ctx, store);
  await step(ctx, plan, async () => {
    await api.inbound.confirmShipmentContentUpdatePreview(
      api.session,
      plan.remotePlanId,
      shipment.remoteShipmentId,
      pending.previewId,
    );
    await refreshShipment(ctx, api, plan, shipment.remoteShipmentId);
  });
  const held = new Map<string, number>();
  for (const s of await shipmentsOf(ctx, [plan.id]))
    for (const b of s.boxes)
      for (const i of b.items) held.set(i.sku, (held.get(i.sku) ?? 0) + i.quantity);
  const { contentUpdate: _done, ...offers } = plan.offers;
  await updatePlan(ctx, plan.id, {
    offers,
    items: plan.items
      .map((i) => ({ ...i, quantity: held.get(i.sku) ?? 0 }))
      .filter((i) => i.quantity > 0),
  });
}
