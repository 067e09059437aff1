import { notFound } from './errors.ts';
import {
  longId,
  paged,
  partneredCost,
  planOf,
  problem,
  requireActive,
  shipmentOf,
  shipmentStatus,
  startOperation,
  V2,
  type InboundDeps,
} from './inbound-common.ts';
import { MAX_SIDE, MAX_WEIGHT } from './inbound-packing.ts';
import { objectBody, type SpRoute } from './routes.ts';
import { MARKETPLACES } from './sites.ts';
import {
  isoSeconds,
  type ContentUpdatePreview,
  type InboundPlan,
  type InboundShipment,
  type OperationProblem,
} from './state.ts';

/** How long a preview can be confirmed (the model says only "prior to the expiry date"). */
const PREVIEW_MS = 24 * 3600_000;
const SHIPMENT = `^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)/contentUpdatePreviews`;

/**
 * Why a content update cannot be made: the model allows it for "a shipment with a confirmed
 * carrier" and only until it ships; the boxes must be the shipment's (by `packageId`) or new
 * ones, hold exactly the `items` listed, of SKUs in the plan, within the box limits, and boxes
 * whose contents are not provided (`BARCODE_2D`, `MANUAL_PROCESS`) must list no items.
 */
function problemsOf(
  plan: InboundPlan,
  s: InboundShipment,
  preview: Pick<ContentUpdatePreview, 'boxes' | 'items'>,
  now: Date,
  stepMs: number,
): OperationProblem[] {
  const problems: OperationProblem[] = [];
  if (!s.transportationOptionId)
    problems.push(
      problem(
        'FBA_INB_0140',
        `Shipment ${s.shipmentConfirmationId} has no confirmed carrier; its content can be updated once transportation is confirmed.`,
      ),
    );
  if (shipmentStatus(s, now, stepMs) !== 'WORKING')
    problems.push(
      problem(
        'FBA_INB_0141',
        `Shipment ${s.shipmentConfirmationId} has already shipped; its content can no longer be updated.`,
      ),
    );
  const own = new Set(
    plan.boxes.filter((b) => b.shipmentId === s.shipmentId).map((b) => b.packageId),
  );
  const packed: Record<string, number> = {};
  preview.boxes.forEach((box, n) => {
    if (box.packageId && !own.has(box.packageId))
      problems.push(problem('FBA_INB_0142', `Box ${box.packageId} is not in this shipment.`));
    if (box.contentInformationSource !== 'BOX_CONTENT_PROVIDED' && box.items.length > 0)
      problems.push(
        problem(
          'FBA_INB_0143',
          `Box ${n + 1} must not list items when its contentInformationSource is ${box.contentInformationSource}.`,
        ),
      );
    const unit = box.dimensions.unitOfMeasurement as keyof typeof MAX_SIDE;
    const wUnit = box.weight.unit as keyof typeof MAX_WEIGHT;
    const units = box.items.reduce((sum, i) => sum + i.quantity, 0);
    if (
      units > 1 &&
      Math.max(box.dimensions.length, box.dimensions.width, box.dimensions.height) > MAX_SIDE[unit]
    )
      problems.push(
        problem('FBA_INB_0208', `Box ${n + 1} exceeds ${MAX_SIDE[unit]} ${unit} on a side.`),
      );
    if (units > 1 && box.weight.value > MAX_WEIGHT[wUnit])
      problems.push(
        problem('FBA_INB_0209', `Box ${n + 1} weighs more than ${MAX_WEIGHT[wUnit]} ${wUnit}.`),
      );
    for (const item of box.items)
      packed[item.msku] = (packed[item.msku] ?? 0) + item.quantity * box.quantity;
  });
  const listed: Record<string, number> = {};
  for (const item of preview.items) listed[item.msku] = (listed[item.msku] ?? 0) + item.quantity;
  for (const msku of new Set([...Object.keys(packed), ...Object.keys(listed)])) {
    if (!plan.items.some((i) => i.msku === msku))
      problems.push(problem('FBA_INB_0231', `The msku ${msku} is not in this inbound plan.`));
    else if (
      preview.boxes.every((b) => b.contentInformationSource === 'BOX_CONTENT_PROVIDED') &&
      (packed[msku] ?? 0) !== (listed[msku] ?? 0)
    )
      problems.push(
        problem(
          'FBA_INB_0230',
          `The boxes hold ${packed[msku] ?? 0} units of ${msku}; the items list ${listed[msku] ?? 0}.`,
          `resource: ${msku}`,
        ),
      );
  }
  return problems;
}

/** The shipment after a confirmed update: its boxes replaced, the plan's quantities moved with it. */
function apply(
  store: InboundDeps['store'],
  plan: InboundPlan,
  s: InboundShipment,
  p: ContentUpdatePreview,
) {
  const before = plan.boxes.filter((b) => b.shipmentId === s.shipmentId);
  const shipped: Record<string, number> = {};
  for (const b of before)
    for (const i of b.items) shipped[i.msku] = (shipped[i.msku] ?? 0) + i.quantity;
  let last = Math.max(0, ...before.map((b) => Number(b.boxId?.slice(-6) ?? 0)));
  const boxes = p.boxes.flatMap((box) =>
    Array.from({ length: box.quantity }, (_, n) => {
      const kept =
        n === 0 && box.packageId ? before.find((b) => b.packageId === box.packageId) : undefined;
      return {
        packageId: kept?.packageId ?? longId(store, 'pk'),
        boxId: kept?.boxId ?? `${s.shipmentConfirmationId}U${String(++last).padStart(6, '0')}`,
        shipmentId: s.shipmentId,
        contentInformationSource: box.contentInformationSource,
        dimensions: box.dimensions,
        weight: box.weight,
        items: box.items,
      };
    }),
  );
  plan.boxes = [...plan.boxes.filter((b) => b.shipmentId !== s.shipmentId), ...boxes];
  for (const item of plan.items) {
    const now = p.items.filter((i) => i.msku === item.msku).reduce((n, i) => n + i.quantity, 0);
    item.quantity += now - (shipped[item.msku] ?? 0);
  }
  plan.items = plan.items.filter((i) => i.quantity > 0);
  const option = plan.transportationOptions.find(
    (o) => o.transportationOptionId === s.transportationOptionId,
  );
  if (option && option.cost !== null) option.cost = p.cost;
  if (s.tracking.length && option?.shippingSolution === 'AMAZON_PARTNERED_CARRIER')
    s.tracking = boxes.map((b, n) => ({
      boxId: b.boxId,
      trackingId: `1Z${s.shipmentConfirmationId.slice(3)}${String(n + 1).padStart(7, '0')}`,
    }));
}

/**
 * Shipment content updates (generateShipmentContentUpdatePreviews, list, confirm): the way the
 * model offers to change a shipment's boxes and quantities once its carrier is confirmed.
 * Before that, the boxes change by setting the packing information again, until a placement
 * option is confirmed.
 */
export function contentRoutes({ store, stepMs }: InboundDeps): SpRoute[] {
  const currency = (plan: InboundPlan) => MARKETPLACES[plan.marketplaceIds[0]!]?.currency ?? 'USD';
  const view = (plan: InboundPlan, s: InboundShipment, p: ContentUpdatePreview) => {
    const option = plan.transportationOptions.find(
      (o) => o.transportationOptionId === p.transportationOptionId,
    )!;
    return {
      contentUpdatePreviewId: p.contentUpdatePreviewId,
      expiration: p.expiration,
      requestedUpdates: { boxes: p.boxes, items: p.items },
      transportationOption: {
        transportationOptionId: option.transportationOptionId,
        shipmentId: s.shipmentId,
        shippingSolution: option.shippingSolution,
        shippingMode: option.shippingMode,
        carrier: option.carrier,
        preconditions: [],
        ...(p.cost === null
          ? {}
          : {
              quote: { cost: { amount: p.cost, code: currency(plan) }, expiration: p.expiration },
            }),
      },
    };
  };
  return [
    {
      operation: 'generateShipmentContentUpdatePreviews',
      method: 'POST',
      pattern: new RegExp(`${SHIPMENT}$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const s = shipmentOf(plan, req.params[1]!);
        const body = objectBody(req.body) as unknown as Pick<
          ContentUpdatePreview,
          'boxes' | 'items'
        >;
        const boxes = body.boxes.map((b) => ({ ...b, items: b.items ?? [] }));
        const problems = problemsOf(plan, s, { boxes, items: body.items }, req.now, stepMs);
        if (problems.length === 0) {
          const option = plan.transportationOptions.find(
            (o) => o.transportationOptionId === s.transportationOptionId,
          )!;
          const count = boxes.reduce((n, b) => n + b.quantity, 0);
          (s.contentUpdatePreviews ??= []).push({
            contentUpdatePreviewId: longId(store, 'cu'),
            expiration: isoSeconds(new Date(req.now.getTime() + PREVIEW_MS)),
            boxes,
            items: body.items,
            transportationOptionId: option.transportationOptionId,
            cost: option.cost === null ? null : partneredCost(count),
          });
        }
        return {
          status: 202,
          body: {
            operationId: startOperation(
              store,
              req,
              'generateShipmentContentUpdatePreviews',
              problems,
            ),
          },
        };
      },
    },
    {
      operation: 'listShipmentContentUpdatePreviews',
      method: 'GET',
      pattern: new RegExp(`${SHIPMENT}$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const s = shipmentOf(plan, req.params[1]!);
        const live = (s.contentUpdatePreviews ?? []).filter(
          (p) => Date.parse(p.expiration) > req.now.getTime(),
        );
        const { page, pagination } = paged(live, req.query);
        return {
          status: 200,
          body: { contentUpdatePreviews: page.map((p) => view(plan, s, p)), pagination },
        };
      },
    },
    {
      operation: 'confirmShipmentContentUpdatePreview',
      method: 'POST',
      pattern: new RegExp(`${SHIPMENT}/([^/]+)/confirmation$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const s = shipmentOf(plan, req.params[1]!);
        const preview = s.contentUpdatePreviews?.find(
          (p) => p.contentUpdatePreviewId === req.params[2],
        );
        if (!preview) throw notFound(`Content update preview ${req.params[2]} not found.`);
        const problems =
          Date.parse(preview.expiration) <= req.now.getTime()
            ? [
                problem(
                  'FBA_INB_0144',
                  `Content update preview ${preview.contentUpdatePreviewId} has expired.`,
                ),
              ]
            : problemsOf(plan, s, preview, req.now, stepMs);
        if (problems.length === 0) {
          apply(store, plan, s, preview);
          s.contentUpdatePreviews = [];
          plan.lastUpdatedAt = isoSeconds(req.now);
        }
        return {
          status: 202,
          body: {
            operationId: startOperation(
              store,
              req,
              'confirmShipmentContentUpdatePreview',
              problems,
            ),
          },
        };
      },
    },
  ];
}
