import { invalidInput, notFound } from './errors.ts';
import {
  isListed,
  itemOf,
  longId,
  OWNERS,
  paged,
  planOf,
  problem,
  requireActive,
  shipmentStatus,
  startOperation,
  V2,
  type InboundDeps,
} from './inbound-common.ts';
import { contentRoutes } from './inbound-content.ts';
import { packingRoutes } from './inbound-packing.ts';
import { transportRoutes } from './inbound-transport.ts';
import { objectBody, type SpRoute } from './routes.ts';
import { MARKETPLACES } from './sites.ts';
import { isoSeconds, type InboundPlan } from './state.ts';

export type { LabelLinks } from './inbound-common.ts';

const ADDRESS_REQUIRED = [
  'name',
  'addressLine1',
  'city',
  'countryCode',
  'postalCode',
  'phoneNumber',
];

/**
 * Fulfillment Inbound 2024-03-20 (reference 1.11) as the model has it: plan → packing options →
 * packing information → placement options (shipments exist only once one is confirmed) →
 * transportation and delivery windows → tracking; every write is an operation polled with
 * getInboundOperationStatus, which ends FAILED with the model's `operationProblems` when the
 * request breaks a rule Amazon checks asynchronously.
 */
export function inboundRoutes(deps: InboundDeps): SpRoute[] {
  const { store, stepMs } = deps;
  const { state } = store;
  return [
    {
      operation: 'createInboundPlan',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans$`),
      rate: 2,
      handle(req) {
        const body = objectBody(req.body);
        const marketplaces = body.destinationMarketplaces;
        if (!Array.isArray(marketplaces) || marketplaces.length === 0) {
          throw invalidInput("'destinationMarketplaces' must contain at least one marketplace.");
        }
        const unknown = marketplaces.find((m) => typeof m !== 'string' || !MARKETPLACES[m]);
        if (unknown !== undefined)
          throw invalidInput(`Invalid marketplace identifier: ${String(unknown)}`);
        const items = body.items;
        if (!Array.isArray(items) || items.length === 0)
          throw invalidInput("'items' must not be empty.");
        for (const item of items as Array<Record<string, unknown>>) {
          if (typeof item.msku !== 'string' || !item.msku)
            throw invalidInput("Each item needs an 'msku'.");
          if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1) {
            throw invalidInput(`Invalid quantity for msku ${item.msku}.`);
          }
          for (const owner of ['prepOwner', 'labelOwner']) {
            if (!OWNERS.includes(item[owner] as string)) {
              throw invalidInput(
                `'${owner}' of msku ${item.msku} must be one of ${OWNERS.join(', ')}.`,
              );
            }
          }
        }
        const address = body.sourceAddress as Record<string, string> | undefined;
        const missing = ADDRESS_REQUIRED.find(
          (f) => !address || typeof address[f] !== 'string' || !address[f],
        );
        if (missing) throw invalidInput(`Missing required field 'sourceAddress.${missing}'.`);
        const unlisted = (items as Array<{ msku: string }>).filter(
          (i) => !isListed(store, req.account, i.msku),
        );
        const inboundPlanId = longId(store, 'wf');
        const operationId = startOperation(
          store,
          req,
          'createInboundPlan',
          unlisted.map((i) =>
            problem(
              'FBA_INB_0004',
              `The msku ${i.msku} is not listed in this marketplace.`,
              `resource: ${i.msku}`,
            ),
          ),
        );
        // A plan whose creation failed does not exist, as on Amazon.
        if (unlisted.length === 0) {
          const at = isoSeconds(req.now);
          state.plans[inboundPlanId] = {
            inboundPlanId,
            account: req.account,
            name: typeof body.name === 'string' ? body.name : `FBA (${at})`,
            status: 'ACTIVE',
            marketplaceIds: marketplaces as string[],
            items: items as InboundPlan['items'],
            sourceAddress: address!,
            createdAt: at,
            lastUpdatedAt: at,
            packingOptionIds: [],
            packingGroupId: longId(store, 'pg'),
            confirmedPackingOptionId: null,
            boxes: [],
            placementOptions: [],
            confirmedPlacementOptionId: null,
            transportationOptions: [],
            shipments: [],
          };
          store.save();
        }
        return { status: 202, body: { inboundPlanId, operationId } };
      },
    },
    {
      operation: 'getInboundOperationStatus',
      method: 'GET',
      pattern: new RegExp(`^${V2}/operations/([^/]+)$`),
      rate: 2,
      handle(req) {
        const op = state.operations[req.params[0]!];
        if (!op || op.account !== req.account)
          throw notFound(`Operation ${req.params[0]} not found.`);
        // Work "happens" between polls: the first poll sees it running, later ones see it done.
        op.polls += 1;
        store.save();
        const problems = op.problems ?? [];
        return {
          status: 200,
          body: {
            operationId: op.operationId,
            operation: op.operation,
            operationStatus:
              op.polls > 1 ? (problems.length ? 'FAILED' : 'SUCCESS') : 'IN_PROGRESS',
            operationProblems: op.polls > 1 ? problems : [],
          },
        };
      },
    },
    {
      operation: 'getInboundPlan',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        return {
          status: 200,
          body: {
            inboundPlanId: plan.inboundPlanId,
            name: plan.name,
            status: plan.status,
            createdAt: plan.createdAt,
            lastUpdatedAt: plan.lastUpdatedAt,
            marketplaceIds: plan.marketplaceIds,
            sourceAddress: plan.sourceAddress,
            packingOptions: plan.packingOptionIds.map((id) => ({
              packingOptionId: id,
              status: plan.confirmedPackingOptionId === id ? 'ACCEPTED' : 'OFFERED',
            })),
            placementOptions: plan.placementOptions.map((o) => ({
              placementOptionId: o.placementOptionId,
              status:
                plan.confirmedPlacementOptionId === o.placementOptionId ? 'ACCEPTED' : 'OFFERED',
            })),
            shipments: plan.shipments.map((s) => ({
              shipmentId: s.shipmentId,
              status: shipmentStatus(s, req.now, stepMs),
            })),
          },
        };
      },
    },
    {
      operation: 'listInboundPlanItems',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/items$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const { page, pagination } = paged(plan.items, req.query);
        return {
          status: 200,
          body: {
            items: page.map((item) => itemOf(store, req.account, item)),
            pagination,
          },
        };
      },
    },
    {
      operation: 'cancelInboundPlan',
      method: 'PUT',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/cancellation$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const shipped = plan.shipments.filter(
          (s) => shipmentStatus(s, req.now, stepMs) !== 'WORKING',
        );
        const operationId = startOperation(
          store,
          req,
          'cancelInboundPlan',
          shipped.map((s) =>
            problem(
              'FBA_INB_0103',
              `Shipment ${s.shipmentConfirmationId} has already shipped and cannot be cancelled.`,
            ),
          ),
        );
        if (shipped.length === 0) {
          plan.status = 'VOIDED';
          plan.lastUpdatedAt = isoSeconds(req.now);
          for (const s of plan.shipments) s.status = 'CANCELLED';
          store.save();
        }
        return { status: 202, body: { operationId } };
      },
    },
    ...packingRoutes(deps),
    ...transportRoutes(deps),
    ...contentRoutes(deps),
  ];
}
