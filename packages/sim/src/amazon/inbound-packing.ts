import { invalidInput, notFound } from './errors.ts';
import {
  incentive,
  itemOf,
  longId,
  paged,
  planOf,
  problem,
  requireActive,
  startOperation,
  V2,
  type InboundDeps,
} from './inbound-common.ts';
import { objectBody, type SpRoute } from './routes.ts';
import { MARKETPLACES } from './sites.ts';
import { isoSeconds, type InboundBox, type InboundPlan, type OperationProblem } from './state.ts';

/** Amazon's standard-size box limits: 25 in a side, 50 lb (one oversize item may exceed them). */
export const MAX_SIDE = { IN: 25, CM: 63.5 };
export const MAX_WEIGHT = { LB: 50, KG: 22.7 };
const WAREHOUSES = ['SMF3', 'ONT8', 'IND9'];

const currencyOf = (plan: InboundPlan) => MARKETPLACES[plan.marketplaceIds[0]!]?.currency ?? 'USD';

/** The boxes of a packing information request, expanded by `quantity`, or why they are wrong. */
function boxesOf(
  plan: InboundPlan,
  body: Record<string, unknown>,
  nextPackageId: () => string,
): { boxes: InboundBox[]; problems: OperationProblem[] } {
  const groupings = body.packageGroupings;
  if (!Array.isArray(groupings) || groupings.length === 0)
    throw invalidInput("'packageGroupings' must not be empty.");
  const problems: OperationProblem[] = [];
  const boxes: InboundBox[] = [];
  const packed: Record<string, number> = {};
  for (const grouping of groupings as Array<Record<string, unknown>>) {
    if (grouping.packingGroupId !== plan.packingGroupId) {
      problems.push(
        problem('FBA_INB_0182', `Packing group ${String(grouping.packingGroupId)} not found.`),
      );
    }
    if (!Array.isArray(grouping.boxes) || grouping.boxes.length === 0)
      throw invalidInput("Each package grouping needs 'boxes'.");
    for (const [n, box] of (grouping.boxes as Array<Record<string, unknown>>).entries()) {
      const dims = box.dimensions as InboundBox['dimensions'] | undefined;
      const weight = box.weight as InboundBox['weight'] | undefined;
      const unit = dims?.unitOfMeasurement as keyof typeof MAX_SIDE;
      const wUnit = weight?.unit as keyof typeof MAX_WEIGHT;
      if (!dims || !MAX_SIDE[unit] || ![dims.length, dims.width, dims.height].every((v) => v > 0))
        throw invalidInput(`boxes[${n}].dimensions needs length, width, height > 0 and IN or CM.`);
      if (!weight || !MAX_WEIGHT[wUnit] || !(weight.value > 0))
        throw invalidInput(`boxes[${n}].weight needs a value > 0 and LB or KG.`);
      const count = box.quantity;
      if (!Number.isInteger(count) || (count as number) < 1)
        throw invalidInput(`boxes[${n}].quantity must be a positive integer.`);
      const items = (Array.isArray(box.items) ? box.items : []) as InboundBox['items'];
      const units = items.reduce((sum, i) => sum + (Number(i.quantity) || 0), 0);
      if (units === 0) throw invalidInput(`boxes[${n}] must contain items.`);
      for (const item of items)
        packed[item.msku] = (packed[item.msku] ?? 0) + item.quantity * (count as number);
      const oversize = units === 1;
      if (!oversize && Math.max(dims.length, dims.width, dims.height) > MAX_SIDE[unit]) {
        problems.push(
          problem('FBA_INB_0208', `Box ${n + 1} exceeds ${MAX_SIDE[unit]} ${unit} on a side.`),
        );
      }
      if (!oversize && weight.value > MAX_WEIGHT[wUnit]) {
        problems.push(
          problem('FBA_INB_0209', `Box ${n + 1} weighs more than ${MAX_WEIGHT[wUnit]} ${wUnit}.`),
        );
      }
      for (let i = 0; i < (count as number); i++) {
        boxes.push({
          packageId: nextPackageId(),
          boxId: null,
          shipmentId: null,
          contentInformationSource: String(box.contentInformationSource ?? 'BOX_CONTENT_PROVIDED'),
          dimensions: dims,
          weight,
          items: items.map((item) => {
            const planned = plan.items.find((p) => p.msku === item.msku);
            return {
              msku: item.msku,
              quantity: item.quantity,
              prepOwner: planned?.prepOwner ?? item.prepOwner,
              labelOwner: planned?.labelOwner ?? item.labelOwner,
            };
          }),
        });
      }
    }
  }
  for (const item of plan.items) {
    if ((packed[item.msku] ?? 0) !== item.quantity) {
      problems.push(
        problem(
          'FBA_INB_0230',
          `The boxes hold ${packed[item.msku] ?? 0} units of ${item.msku}; the plan has ${item.quantity}.`,
          `resource: ${item.msku}`,
        ),
      );
    }
  }
  const extra = Object.keys(packed).filter((msku) => !plan.items.some((i) => i.msku === msku));
  for (const msku of extra)
    problems.push(problem('FBA_INB_0231', `The msku ${msku} is not in this inbound plan.`));
  return { boxes, problems };
}

/** Packing options and information, placement options, and the shipments placement creates. */
export function packingRoutes({ store }: InboundDeps): SpRoute[] {
  return [
    {
      operation: 'generatePackingOptions',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        if (plan.packingOptionIds.length === 0) {
          plan.packingOptionIds = [longId(store, 'po'), longId(store, 'po')];
        }
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'generatePackingOptions') },
        };
      },
    },
    {
      operation: 'listPackingOptions',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const { page, pagination } = paged(plan.packingOptionIds, req.query);
        const expiration = isoSeconds(new Date(req.now.getTime() + 86_400_000));
        return {
          status: 200,
          body: {
            packingOptions: page.map((packingOptionId) => {
              const parcel = packingOptionId === plan.packingOptionIds[0];
              return {
                packingOptionId,
                packingGroups: [plan.packingGroupId],
                status: plan.confirmedPackingOptionId === packingOptionId ? 'ACCEPTED' : 'OFFERED',
                expiration,
                fees: [],
                discounts: [],
                supportedConfigurations: [
                  {
                    boxPackingMethods: ['BOX_CONTENT_PROVIDED'],
                    shippingRequirements: [
                      {
                        modes: [parcel ? 'GROUND_SMALL_PARCEL' : 'FREIGHT_LTL'],
                        solution: 'AMAZON_PARTNERED_CARRIER',
                      },
                    ],
                  },
                ],
                supportedShippingConfigurations: [
                  {
                    shippingMode: parcel ? 'GROUND_SMALL_PARCEL' : 'FREIGHT_LTL',
                    shippingSolution: 'AMAZON_PARTNERED_CARRIER',
                  },
                ],
              };
            }),
            pagination,
          },
        };
      },
    },
    {
      operation: 'confirmPackingOption',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingOptions/([^/]+)/confirmation$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const packingOptionId = req.params[1]!;
        if (!plan.packingOptionIds.includes(packingOptionId))
          throw notFound(`Packing option ${packingOptionId} not found.`);
        const problems =
          plan.confirmedPackingOptionId && plan.confirmedPackingOptionId !== packingOptionId
            ? [
                problem(
                  'FBA_INB_0117',
                  'Another packing option was already confirmed for this plan.',
                ),
              ]
            : [];
        if (problems.length === 0) plan.confirmedPackingOptionId = packingOptionId;
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'confirmPackingOption', problems) },
        };
      },
    },
    {
      operation: 'listPackingGroupItems',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingGroups/([^/]+)/items$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        if (req.params[1] !== plan.packingGroupId)
          throw notFound(`Packing group ${req.params[1]} not found.`);
        const { page, pagination } = paged(plan.items, req.query);
        return {
          status: 200,
          body: { items: page.map((i) => itemOf(store, req.account, i)), pagination },
        };
      },
    },
    {
      operation: 'setPackingInformation',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingInformation$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const { boxes, problems } = boxesOf(plan, objectBody(req.body), () => longId(store, 'pk'));
        if (!plan.confirmedPackingOptionId)
          problems.unshift(problem('FBA_INB_0116', 'Confirm a packing option first.'));
        if (plan.confirmedPlacementOptionId)
          problems.unshift(problem('FBA_INB_0118', 'A placement option was already confirmed.'));
        if (problems.length === 0) {
          plan.boxes = boxes;
          plan.placementOptions = [];
        }
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'setPackingInformation', problems) },
        };
      },
    },
    {
      operation: 'generatePlacementOptions',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/placementOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const problems =
          plan.boxes.length === 0
            ? [problem('FBA_INB_0119', 'Set the packing information before placement.')]
            : [];
        if (problems.length === 0 && plan.placementOptions.length === 0) {
          const all = plan.boxes.map((b) => b.packageId);
          // One warehouse for a fee, or (with two boxes or more) split over two for free.
          plan.placementOptions.push({
            placementOptionId: longId(store, 'pl'),
            shipments: [
              { shipmentId: longId(store, 'sh'), warehouseId: WAREHOUSES[0]!, packageIds: all },
            ],
            fee: 0.3 * plan.items.reduce((n, i) => n + i.quantity, 0),
          });
          if (all.length > 1) {
            const half = Math.ceil(all.length / 2);
            plan.placementOptions.push({
              placementOptionId: longId(store, 'pl'),
              shipments: [all.slice(0, half), all.slice(half)].map((packageIds, i) => ({
                shipmentId: longId(store, 'sh'),
                warehouseId: WAREHOUSES[i + 1]!,
                packageIds,
              })),
              fee: 0,
            });
          }
        }
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'generatePlacementOptions', problems) },
        };
      },
    },
    {
      operation: 'listPlacementOptions',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/placementOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const { page, pagination } = paged(plan.placementOptions, req.query);
        const expiration = isoSeconds(new Date(req.now.getTime() + 86_400_000));
        return {
          status: 200,
          body: {
            placementOptions: page.map((o) => ({
              placementOptionId: o.placementOptionId,
              shipmentIds: o.shipments.map((s) => s.shipmentId),
              status:
                plan.confirmedPlacementOptionId === o.placementOptionId
                  ? 'ACCEPTED'
                  : plan.confirmedPlacementOptionId
                    ? 'EXPIRED'
                    : 'OFFERED',
              expiration,
              fees: [incentive('FEE', 'Placement service fee', o.fee, currencyOf(plan))],
              discounts: [],
            })),
            pagination,
          },
        };
      },
    },
    {
      operation: 'confirmPlacementOption',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/placementOptions/([^/]+)/confirmation$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const option = plan.placementOptions.find((o) => o.placementOptionId === req.params[1]);
        if (!option) throw notFound(`Placement option ${req.params[1]} not found.`);
        const problems =
          plan.confirmedPlacementOptionId &&
          plan.confirmedPlacementOptionId !== option.placementOptionId
            ? [problem('FBA_INB_0120', 'Another placement option was already confirmed.')]
            : [];
        if (problems.length === 0 && !plan.confirmedPlacementOptionId) {
          plan.confirmedPlacementOptionId = option.placementOptionId;
          for (const planned of option.shipments) {
            const confirmation = `FBA${BigInt(`0x${store.nextId('fba').slice(0, 16)}`)
              .toString(36)
              .toUpperCase()
              .padStart(9, '0')
              .slice(-9)}`;
            planned.packageIds.forEach((packageId, n) => {
              const box = plan.boxes.find((b) => b.packageId === packageId)!;
              box.shipmentId = planned.shipmentId;
              box.boxId = `${confirmation}U${String(n + 1).padStart(6, '0')}`;
            });
            plan.shipments.push({
              shipmentId: planned.shipmentId,
              shipmentConfirmationId: confirmation,
              placementOptionId: option.placementOptionId,
              warehouseId: planned.warehouseId,
              status: 'WORKING',
              transportationOptionId: null,
              readyToShipStart: null,
              deliveryWindowOptionIds: [],
              deliveryWindowOptionId: null,
              tracking: [],
              shippedAt: null,
            });
          }
          plan.lastUpdatedAt = isoSeconds(req.now);
        }
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'confirmPlacementOption', problems) },
        };
      },
    },
  ];
}
