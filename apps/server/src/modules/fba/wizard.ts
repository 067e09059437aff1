import type {
  FbaBoxInput,
  FbaCreateInput,
  FbaPackingInput,
  FbaPlacementInput,
  FbaTrackingInput,
  FbaTransportInput,
} from '@app/shared';
import type { FbaBox, FbaOffers } from '../../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { AmazonInbound } from '../../integrations/marketplaces/amazon/inbound.ts';
import type { PlacementOption } from '../../integrations/marketplaces/amazon/inbound-types.ts';
import type { StoreSession } from '../../integrations/marketplaces/connector.ts';
import type { MarketCtx } from '../markets/service.ts';
import {
  findPlan,
  insertPlan,
  saveShipment,
  shipmentsOf,
  titlesOf,
  updatePlan,
  type PlanRow,
} from './repository.ts';
import { amazonStore, inboundOf, requireStep, step } from './session.ts';
import { refreshShipment } from './sync.ts';

const DAY_MS = 86_400_000;

/**
 * Step 1: the plan at Amazon (its SKUs, quantities and the address the boxes leave from), then
 * Amazon's packing options, offered in the next step.
 */
export async function createPlan(ctx: MarketCtx, input: FbaCreateInput): Promise<number> {
  const store = await amazonStore(ctx, input.market_id);
  const { inbound, session } = inboundOf(ctx, store);
  const a = input.source_address;
  const remotePlanId = await inbound.createInboundPlanAndWait(session, {
    name: input.name,
    items: input.items.map((i) => ({
      msku: i.sku,
      quantity: i.quantity,
      prepOwner: 'SELLER',
      labelOwner: 'SELLER',
    })),
    sourceAddress: {
      name: a.name,
      addressLine1: a.address_line1,
      ...(a.address_line2 ? { addressLine2: a.address_line2 } : {}),
      city: a.city,
      ...(a.state_or_province_code ? { stateOrProvinceCode: a.state_or_province_code } : {}),
      postalCode: a.postal_code,
      countryCode: a.country_code,
      phoneNumber: a.phone_number,
    },
  });
  await inbound.generatePackingOptions(session, remotePlanId);
  const [{ packingOptions }, known, titles] = await Promise.all([
    inbound.listPackingOptions(session, remotePlanId),
    inbound.listInboundPlanItems(session, remotePlanId),
    titlesOf(
      ctx,
      store.id,
      input.items.map((i) => i.sku),
    ),
  ]);
  const plan = await insertPlan(ctx, {
    storeId: store.id,
    number: `FP${remotePlanId.slice(2, 12).toUpperCase()}`,
    name: input.name,
    remotePlanId,
    sourceAddress: {
      name: a.name,
      addressLine1: a.address_line1,
      addressLine2: a.address_line2,
      city: a.city,
      stateOrProvinceCode: a.state_or_province_code,
      postalCode: a.postal_code,
      countryCode: a.country_code,
      phoneNumber: a.phone_number,
    },
    items: input.items.map((i) => {
      const item = known.find((k) => k.msku === i.sku);
      return {
        sku: i.sku,
        quantity: i.quantity,
        title: titles.get(i.sku) ?? i.sku,
        asin: item?.asin ?? null,
        fnsku: item?.fnsku ?? null,
      };
    }),
    offers: {
      packing: packingOptions.map((o) => ({
        id: o.packingOptionId,
        packingGroupId: o.packingGroups[0] ?? '',
        mode: o.supportedShippingConfigurations?.[0]?.shippingMode ?? null,
      })),
    },
  });
  return plan.id;
}

/** The boxes' SKUs must be the plan's; Amazon checks the quantities add up. */
export function checkBoxes(plan: PlanRow, boxes: Array<Pick<FbaBoxInput, 'items'>>): void {
  const fields: Record<string, { key: 'fba.unknown_sku'; params: { sku: string } }> = {};
  boxes.forEach((box, b) =>
    box.items.forEach((item, i) => {
      if (!plan.items.some((p) => p.sku === item.sku)) {
        fields[`boxes.${b}.items.${i}.sku`] = {
          key: 'fba.unknown_sku',
          params: { sku: item.sku },
        };
      }
    }),
  );
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

export const fbaBoxesOf = (input: FbaBoxInput[]): FbaBox[] =>
  input.map((b) => ({
    length: b.length,
    width: b.width,
    height: b.height,
    dimensionUnit: b.dimension_unit,
    weight: b.weight,
    weightUnit: b.weight_unit,
    count: b.count,
    items: b.items,
  }));

/** The boxes as packing information, then the placement options Amazon makes of them. */
export async function sendBoxes(
  inbound: AmazonInbound,
  session: StoreSession,
  remotePlanId: string,
  packingGroupId: string,
  boxes: FbaBox[],
): Promise<PlacementOption[]> {
  await inbound.setPackingInformation(
    session,
    remotePlanId,
    packingGroupId,
    boxes.map((b) => ({
      dimensions: {
        length: b.length,
        width: b.width,
        height: b.height,
        unitOfMeasurement: b.dimensionUnit,
      },
      weight: { value: b.weight, unit: b.weightUnit },
      quantity: b.count,
      items: b.items.map((i) => ({
        msku: i.sku,
        quantity: i.quantity,
        prepOwner: 'SELLER' as const,
        labelOwner: 'SELLER' as const,
      })),
    })),
  );
  await inbound.generatePlacementOptions(session, remotePlanId);
  return inbound.listPlacementOptions(session, remotePlanId);
}

/** Step 2: the packing option and the boxes (size, weight, contents), then placement options. */
export async function setPacking(ctx: MarketCtx, input: FbaPackingInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  requireStep(plan, 'packing');
  const option = plan.offers.packing?.find((o) => o.id === input.packing_option_id);
  if (!option) {
    throw new ValidationError({ packing_option_id: 'validation.invalid_value' });
  }
  checkBoxes(plan, input.boxes);
  const { inbound, session } = inboundOf(ctx, store);
  const boxes = fbaBoxesOf(input.boxes);
  const placement = await step(ctx, plan, async () => {
    await inbound.confirmPackingOption(session, plan.remotePlanId, option.id);
    return sendBoxes(inbound, session, plan.remotePlanId, option.packingGroupId, boxes);
  });
  const offers: FbaOffers = {
    ...plan.offers,
    packingOptionId: option.id,
    placement: placementOffers(placement),
  };
  await updatePlan(ctx, plan.id, { boxes, offers, step: 'placement' });
}

/** Amazon's placement options as the wizard offers them: the shipments each makes, its fee. */
export function placementOffers(placement: PlacementOption[]): FbaOffers['placement'] {
  return placement.map((o) => {
    const fee = o.fees.reduce((sum, f) => sum + f.value.amount, 0);
    return {
      id: o.placementOptionId,
      shipmentIds: o.shipmentIds,
      fee: String(Math.round(fee * 100) / 100),
      currency: o.fees[0]?.value.code ?? '',
    };
  });
}

/**
 * Step 3: the placement (which warehouses, for which fee). Amazon makes the shipments now;
 * their transportation options are offered in the next step.
 */
export async function confirmPlacement(ctx: MarketCtx, input: FbaPlacementInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  requireStep(plan, 'placement');
  const option = plan.offers.placement?.find((o) => o.id === input.placement_option_id);
  if (!option) throw new ValidationError({ placement_option_id: 'validation.invalid_value' });
  const { inbound, session } = inboundOf(ctx, store);
  const readyToShip = new Date(
    input.ready_to_ship ? input.ready_to_ship * 1000 : Date.now() + DAY_MS,
  );
  const transport = await step(ctx, plan, async () => {
    await inbound.confirmPlacementOption(session, plan.remotePlanId, option.id);
    for (const shipmentId of option.shipmentIds) {
      await refreshShipment(ctx, { inbound, session }, plan, shipmentId);
    }
    await inbound.generateTransportationOptions(
      session,
      plan.remotePlanId,
      option.id,
      option.shipmentIds.map((shipmentId) => ({ shipmentId, readyToShip })),
    );
    const offered = [];
    for (const shipmentId of option.shipmentIds) {
      offered.push(
        ...(await inbound.listTransportationOptions(session, plan.remotePlanId, shipmentId)),
      );
    }
    return offered;
  });
  await updatePlan(ctx, plan.id, {
    step: 'transport',
    placementOptionId: option.id,
    offers: {
      ...plan.offers,
      transport: transport.map((o) => ({
        id: o.transportationOptionId,
        shipmentId: o.shipmentId,
        partnered: o.shippingSolution === 'AMAZON_PARTNERED_CARRIER',
        carrier: o.carrier.name ?? o.carrier.alphaCode ?? '',
        mode: o.shippingMode,
        cost: o.quote ? String(o.quote.cost.amount) : null,
        currency: o.quote?.cost.code ?? null,
      })),
    },
  });
}

/** An own-carrier shipment needs a delivery window first: the earliest Amazon offers. */
async function confirmEarliestWindow(
  inbound: AmazonInbound,
  session: StoreSession,
  planId: string,
  shipmentId: string,
): Promise<void> {
  await inbound.generateDeliveryWindowOptions(session, planId, shipmentId);
  const windows = await inbound.listDeliveryWindowOptions(session, planId, shipmentId);
  const earliest = windows
    .filter((w) => w.availabilityType === 'AVAILABLE')
    .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
  if (!earliest) throw new ConflictError('fba.wrong_step', { step: 'transport' });
  await inbound.confirmDeliveryWindowOption(
    session,
    planId,
    shipmentId,
    earliest.deliveryWindowOptionId,
  );
}

/** Step 4: a carrier per shipment (Amazon's partner or the seller's own). */
export async function confirmTransport(ctx: MarketCtx, input: FbaTransportInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  requireStep(plan, 'transport');
  const chosen = input.selections.map((s, n) => {
    const option = plan.offers.transport?.find(
      (o) => o.id === s.transportation_option_id && o.shipmentId === s.shipment_id,
    );
    if (!option) {
      throw new ValidationError({
        [`selections.${n}.transportation_option_id`]: 'validation.invalid_value',
      });
    }
    return option;
  });
  const { inbound, session } = inboundOf(ctx, store);
  await step(ctx, plan, async () => {
    for (const option of chosen.filter((o) => !o.partnered)) {
      await confirmEarliestWindow(inbound, session, plan.remotePlanId, option.shipmentId);
    }
    await inbound.confirmTransportationOptions(
      session,
      plan.remotePlanId,
      chosen.map((o) => ({ shipmentId: o.shipmentId, transportationOptionId: o.id })),
    );
  });
  for (const option of chosen) {
    await saveShipment(ctx, plan.id, option.shipmentId, {
      transportationOptionId: option.id,
      carrier: option.carrier,
    });
    await refreshShipment(ctx, { inbound, session }, plan, option.shipmentId);
  }
  await updatePlan(ctx, plan.id, { step: 'confirmed' });
}

/** Tracking numbers of an own-carrier shipment's boxes; Amazon then counts it shipped. */
export async function setTracking(ctx: MarketCtx, input: FbaTrackingInput): Promise<void> {
  const { plan, store } = await findPlan(ctx, input.id);
  requireStep(plan, 'confirmed');
  const shipment = (await shipmentsOf(ctx, [plan.id])).find(
    (s) => s.remoteShipmentId === input.shipment_id || s.confirmationId === input.shipment_id,
  );
  if (!shipment) throw new NotFoundError('fba.shipment_not_found');
  const option = plan.offers.transport?.find((o) => o.id === shipment.transportationOptionId);
  if (!option || option.partnered) throw new ConflictError('fba.not_own_carrier');
  const { inbound, session } = inboundOf(ctx, store);
  await step(ctx, plan, () =>
    inbound.updateShipmentTrackingDetails(
      session,
      plan.remotePlanId,
      shipment.remoteShipmentId,
      input.tracking.map((t) => ({ boxId: t.box_id, trackingId: t.tracking_id })),
    ),
  );
  await refreshShipment(ctx, { inbound, session }, plan, shipment.remoteShipmentId);
}
