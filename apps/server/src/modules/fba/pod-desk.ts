import type {
  FbaBoxInput,
  FbaPlan,
  FbaPodBoxLabelQuery,
  FbaPodDesk,
  FbaPodMark,
  FbaPodPackInput,
  FbaPodProductLabelQuery,
  FbaPodShipInput,
} from '@app/shared';
import type { z } from 'zod';
import { systemCtx } from '../../context.ts';
import { ConflictError, ValidationError, type FieldMessages } from '../../errors.ts';
import { packagesOf, type OrderItemSnapshot } from '../finance/index.ts';
import type { MarketCtx } from '../markets/service.ts';
import { shipPackage } from '../production/index.ts';
import { boxLabels, productLabels } from './labels.ts';
import {
  podOfPurchaseOrder,
  podsOfPurchaseOrders,
  updatePod,
  type PodJoined,
} from './pod-repository.ts';
import { podViews } from './pod.ts';
import { shipmentsOf } from './repository.ts';
import { fbaDetail } from './service.ts';
import {
  confirmPlacement,
  confirmTransport,
  createPlan,
  fbaBoxesOf,
  setPacking,
  setTracking,
} from './wizard.ts';

/**
 * The production desk's part of POD to FBA: the operator packs an FBA-bound purchase order into
 * boxes, the inbound plan is made of them through the wizard's own steps, the factory prints the
 * labels and ships each shipment with tracking. Amazon is called as the seller whose store it is
 * (`systemCtx` for that seller), the desk's own actions as the operator.
 */

/** The seller's side of a desk action: the store's Amazon calls and the seller's FBA rows. */
function asSeller(ctx: MarketCtx, sellerId: number): MarketCtx {
  return {
    ...systemCtx(ctx.db, ctx.log, { sellerId, lang: ctx.lang }),
    connectors: ctx.connectors,
    box: ctx.box,
  };
}

/** Which of the shown purchase orders go to FBA, and how far each is. */
export async function podMarks(ctx: MarketCtx, ids: number[]): Promise<FbaPodMark[]> {
  const rows = await podsOfPurchaseOrders(ctx.db, ids);
  // Shipments are read by plan id, so one read serves every seller's rows.
  const views = await podViews(ctx, rows);
  return views.map((v) => ({ purchase_order_id: v.purchase_order_id, stage: v.stage }));
}

export async function podDesk(ctx: MarketCtx, purchaseOrderId: number): Promise<FbaPodDesk> {
  const row = await podOfPurchaseOrder(ctx.db, purchaseOrderId);
  const seller = asSeller(ctx, row.pod.sellerId);
  const [order] = await podViews(seller, [row]);
  const plan = row.pod.planId ? await fbaDetail(seller, row.pod.planId) : null;
  return { order: order!, plan };
}

/** The boxes hold exactly what was bought, SKU by SKU (422 naming the field otherwise). */
function checkPacked(row: PodJoined, boxes: FbaBoxInput[]): void {
  const fields: FieldMessages = {};
  const packed = new Map<string, number>();
  boxes.forEach((box, b) =>
    box.items.forEach((item, i) => {
      if (!row.pod.items.some((p) => p.sku === item.sku)) {
        fields[`boxes.${b}.items.${i}.sku`] = {
          key: 'fba.unknown_sku',
          params: { sku: item.sku },
        };
      }
      packed.set(item.sku, (packed.get(item.sku) ?? 0) + item.quantity * box.count);
    }),
  );
  const off = row.pod.items.find((p) => (packed.get(p.sku) ?? 0) !== p.quantity);
  if (off && Object.keys(fields).length === 0) {
    fields.boxes = {
      key: 'fba.pod_boxes_mismatch',
      params: { sku: off.sku, packed: packed.get(off.sku) ?? 0, ordered: off.quantity },
    };
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

const boxInputOf = (row: PodJoined): FbaBoxInput[] =>
  row.pod.boxes.map((b) => ({
    length: b.length,
    width: b.width,
    height: b.height,
    dimension_unit: b.dimensionUnit,
    weight: b.weight,
    weight_unit: b.weightUnit,
    count: b.count,
    items: b.items,
  }));

/**
 * Records the boxes on the purchase order (in production; before the plan has taken any) and
 * makes the inbound plan of them.
 */
export async function packPod(ctx: MarketCtx, input: FbaPodPackInput): Promise<void> {
  const row = await podOfPurchaseOrder(ctx.db, input.id);
  if (row.po.status !== 'in_production') {
    throw new ConflictError('fba.pod_not_in_production', { number: row.po.number });
  }
  if (row.pod.planId) {
    const plan = await fbaDetail(asSeller(ctx, row.pod.sellerId), row.pod.planId);
    if (plan.step !== 'packing') throw new ConflictError('fba.pod_already_planned');
  }
  checkPacked(row, input.boxes);
  const a = input.source_address;
  await updatePod(ctx.db, row.pod.id, {
    boxes: fbaBoxesOf(input.boxes),
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
    packedAt: new Date(),
  });
  await makePlan(ctx, input.id);
}

/**
 * Takes the packed order's inbound plan as far as it goes, as the wizard would: create it,
 * the first packing option with the packed boxes, the placement with the fewest shipments,
 * the seller's own carrier for each (the factory ships and gives the tracking). A step Amazon
 * refuses is kept on the plan with Amazon's words, and calling again resumes from there.
 */
export async function makePlan(ctx: MarketCtx, purchaseOrderId: number): Promise<void> {
  const row = await podOfPurchaseOrder(ctx.db, purchaseOrderId);
  const address = row.pod.sourceAddress;
  if (!row.pod.packedAt || !address) throw new ConflictError('fba.pod_not_packed');
  const seller = asSeller(ctx, row.pod.sellerId);
  let planId = row.pod.planId;
  if (!planId) {
    planId = await createPlan(seller, {
      market_id: row.store.id,
      name: `POD ${row.po.number}`,
      source_address: {
        name: address.name,
        address_line1: address.addressLine1,
        ...(address.addressLine2 ? { address_line2: address.addressLine2 } : {}),
        city: address.city,
        ...(address.stateOrProvinceCode
          ? { state_or_province_code: address.stateOrProvinceCode }
          : {}),
        postal_code: address.postalCode,
        country_code: address.countryCode,
        phone_number: address.phoneNumber,
      },
      items: row.pod.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
    });
    await updatePod(ctx.db, row.pod.id, { planId });
  }
  let plan: FbaPlan = await fbaDetail(seller, planId);
  if (plan.step === 'packing') {
    await setPacking(seller, {
      id: planId,
      packing_option_id: plan.offers.packing[0]?.id ?? '',
      boxes: boxInputOf(row),
    });
    plan = await fbaDetail(seller, planId);
  }
  if (plan.step === 'placement') {
    const fewest = [...plan.offers.placement].sort(
      (a, b) => a.shipment_ids.length - b.shipment_ids.length,
    )[0];
    await confirmPlacement(seller, { id: planId, placement_option_id: fewest?.id ?? '' });
    plan = await fbaDetail(seller, planId);
  }
  if (plan.step === 'transport') {
    const selections = plan.shipments.map((s) => {
      const own = plan.offers.transport.find(
        (o) => o.shipment_id === s.shipment_id && !o.partnered,
      );
      if (!own) throw new ConflictError('fba.pod_no_own_carrier');
      return { shipment_id: s.shipment_id, transportation_option_id: own.id };
    });
    await confirmTransport(seller, { id: planId, selections });
    plan = await fbaDetail(seller, planId);
  }
  const fnskus = new Map(plan.items.map((i) => [i.sku, i.fnsku]));
  await updatePod(ctx.db, row.pod.id, {
    items: row.pod.items.map((i) => ({ ...i, fnsku: fnskus.get(i.sku) ?? i.fnsku })),
  });
}

/** The plan of a packed order, for its labels (409 before it is made). */
async function planOf(ctx: MarketCtx, purchaseOrderId: number) {
  const row = await podOfPurchaseOrder(ctx.db, purchaseOrderId);
  if (!row.pod.planId) throw new ConflictError('fba.pod_no_plan');
  return { row, planId: row.pod.planId, seller: asSeller(ctx, row.pod.sellerId) };
}

export async function podBoxLabels(ctx: MarketCtx, q: z.output<typeof FbaPodBoxLabelQuery>) {
  const { planId, seller } = await planOf(ctx, q.id);
  return boxLabels(seller, { id: planId, shipment_id: q.shipment_id, page_type: q.page_type });
}

export async function podProductLabels(
  ctx: MarketCtx,
  q: z.output<typeof FbaPodProductLabelQuery>,
) {
  const { planId, seller } = await planOf(ctx, q.id);
  return productLabels(seller, { id: planId, sheet: q.sheet });
}

/**
 * Ships one shipment of the plan: the boxes' tracking numbers to Amazon (which then counts it
 * shipped), and each box as a package of the purchase order on the desk, its contents the box's.
 * A box already shipped under its number is not shipped again, so a retry after a failure
 * finishes the rest.
 */
export async function shipPod(ctx: MarketCtx, input: FbaPodShipInput): Promise<void> {
  const { row, planId, seller } = await planOf(ctx, input.id);
  await setTracking(seller, { ...input, id: planId });
  const shipment = (await shipmentsOf(seller, [planId])).find(
    (s) => s.remoteShipmentId === input.shipment_id || s.confirmationId === input.shipment_id,
  )!;
  const lines = row.po.items as OrderItemSnapshot[];
  const sent = new Set((await packagesOf(ctx.db, row.po.id)).map((p) => p.trackingNo));
  for (const t of input.tracking) {
    const trackingNo = t.tracking_id.toUpperCase();
    const box = shipment.boxes.find((b) => b.boxId === t.box_id);
    if (!box || sent.has(trackingNo)) continue;
    await shipPackage(ctx, {
      id: row.po.id,
      carrier_name: shipment.carrier ?? 'Other',
      tracking_no: trackingNo,
      items: box.items.map((i) => ({
        item: lines.findIndex((l) => l.sku_code === i.sku),
        quantity: i.quantity,
      })),
    });
  }
}
