import { invalidInput, notFound } from './errors.ts';
import {
  decodeToken,
  encodeToken,
  objectBody,
  pageSizeOf,
  type RouteDeps,
  type SpRequest,
  type SpRoute,
} from './routes.ts';
import { MARKETPLACES } from './sites.ts';
import { isoSeconds, type InboundPlan } from './state.ts';

const V2 = '/inbound/fba/2024-03-20';
const OWNERS = ['AMAZON', 'SELLER', 'NONE'];
const ITEM_LABEL_TYPES = ['STANDARD_FORMAT', 'THERMAL_PRINTING'];
// Reference 1.11, getLabels (v0).
const BOX_PAGE_TYPES = [
  'PackageLabel_Letter_2',
  'PackageLabel_Letter_4',
  'PackageLabel_Letter_6',
  'PackageLabel_Letter_6_CarrierLeft',
  'PackageLabel_A4_2',
  'PackageLabel_A4_4',
  'PackageLabel_Plain_Paper',
  'PackageLabel_Plain_Paper_CarrierBottom',
  'PackageLabel_Thermal',
  'PackageLabel_Thermal_Unified',
  'PackageLabel_Thermal_NonPCP',
  'PackageLabel_Thermal_No_Carrier_Rotation',
];
const BOX_LABEL_TYPES = ['BARCODE_2D', 'UNIQUE', 'PALLET'];
const ADDRESS_REQUIRED = [
  'name',
  'addressLine1',
  'city',
  'countryCode',
  'postalCode',
  'phoneNumber',
];

/** A signed link to a label PDF, as the pre-signed S3 URLs Amazon hands out. */
export interface LabelLinks {
  link(req: SpRequest, title: string, lines: string[]): { uri: string; expiration: string };
}

export function inboundRoutes({ store }: RouteDeps, labels: LabelLinks): SpRoute[] {
  const { state } = store;

  function planOf(req: SpRequest): InboundPlan {
    const plan = state.plans[req.params[0]!];
    if (!plan || plan.account !== req.account)
      throw notFound(`Inbound plan ${req.params[0]} not found.`);
    return plan;
  }

  function operation(req: SpRequest, name: string): string {
    const operationId = store
      .nextId('operation')
      .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/, '$1-$2-$3-$4-$5');
    state.operations[operationId] = {
      operationId,
      operation: name,
      account: req.account,
      polls: 0,
    };
    return operationId;
  }

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
        const inboundPlanId = `wf${store
          .nextId('plan')
          .slice(0, 32)
          .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')}`;
        state.plans[inboundPlanId] = {
          inboundPlanId,
          account: req.account,
          name: typeof body.name === 'string' ? body.name : `FBA (${isoSeconds(req.now)})`,
          marketplaceIds: marketplaces as string[],
          items: items as InboundPlan['items'],
          sourceAddress: address!,
          createdAt: isoSeconds(req.now),
          packingOptionIds: [],
          confirmedPackingOptionId: null,
          shipments: [],
        };
        const operationId = operation(req, 'createInboundPlan');
        store.save();
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
        return {
          status: 200,
          body: {
            operationId: op.operationId,
            operation: op.operation,
            operationStatus: op.polls > 1 ? 'SUCCESS' : 'IN_PROGRESS',
            operationProblems: [],
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
        const plan = planOf(req);
        return {
          status: 200,
          body: {
            inboundPlanId: plan.inboundPlanId,
            name: plan.name,
            status: 'ACTIVE',
            createdAt: plan.createdAt,
            lastUpdatedAt: plan.createdAt,
            marketplaceIds: plan.marketplaceIds,
            sourceAddress: plan.sourceAddress,
            packingOptions: plan.packingOptionIds.map((id) => ({
              packingOptionId: id,
              status: plan.confirmedPackingOptionId === id ? 'ACCEPTED' : 'OFFERED',
            })),
            shipments: plan.shipments.map((s) => ({ shipmentId: s.shipmentId, status: s.status })),
          },
        };
      },
    },
    {
      operation: 'generatePackingOptions',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(req);
        if (plan.packingOptionIds.length === 0) {
          plan.packingOptionIds = ['po', 'po'].map(
            (p) => `${p}${store.nextId('packing').slice(0, 30)}`,
          );
        }
        const operationId = operation(req, 'generatePackingOptions');
        store.save();
        return { status: 202, body: { operationId } };
      },
    },
    {
      operation: 'listPackingOptions',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/packingOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(req);
        const pageSize = pageSizeOf(req.query, 'pageSize', 10, 20);
        const token = req.query.get('paginationToken');
        const offset = token ? decodeToken<{ offset: number }>(token, 'paginationToken').offset : 0;
        const ids = plan.packingOptionIds.slice(offset, offset + pageSize);
        const expiration = isoSeconds(new Date(req.now.getTime() + 86_400_000));
        return {
          status: 200,
          body: {
            packingOptions: ids.map((packingOptionId, i) => ({
              packingOptionId,
              packingGroups: [`pg${packingOptionId.slice(2, 30)}`],
              status: plan.confirmedPackingOptionId === packingOptionId ? 'ACCEPTED' : 'OFFERED',
              expiration,
              fees: [],
              discounts: [],
              supportedShippingConfigurations: [
                {
                  shippingMode: offset + i === 0 ? 'GROUND_SMALL_PARCEL' : 'FREIGHT_LTL',
                  shippingSolution: 'AMAZON_PARTNERED_CARRIER',
                },
              ],
            })),
            pagination:
              offset + pageSize < plan.packingOptionIds.length
                ? { nextToken: encodeToken({ offset: offset + pageSize }) }
                : {},
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
        const plan = planOf(req);
        const packingOptionId = req.params[1]!;
        if (!plan.packingOptionIds.includes(packingOptionId)) {
          throw notFound(`Packing option ${packingOptionId} not found.`);
        }
        if (plan.confirmedPackingOptionId && plan.confirmedPackingOptionId !== packingOptionId) {
          throw invalidInput('Another packing option was already confirmed for this plan.');
        }
        // The simulator skips placement and transportation: confirming packing yields the shipment.
        if (!plan.confirmedPackingOptionId) {
          const id = store.nextId('shipment');
          plan.shipments.push({
            shipmentId: `sh${id.slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')}`,
            shipmentConfirmationId: `FBA${BigInt(`0x${id.slice(32, 48)}`)
              .toString(36)
              .toUpperCase()
              .slice(0, 9)}`,
            status: 'WORKING',
          });
        }
        plan.confirmedPackingOptionId = packingOptionId;
        const operationId = operation(req, 'confirmPackingOption');
        store.save();
        return { status: 202, body: { operationId } };
      },
    },
    {
      operation: 'getShipment',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)$`),
      rate: 2,
      handle(req) {
        const plan = planOf(req);
        const shipment = plan.shipments.find((s) => s.shipmentId === req.params[1]);
        if (!shipment) throw notFound(`Shipment ${req.params[1]} not found.`);
        const site = MARKETPLACES[plan.marketplaceIds[0]!]!;
        return {
          status: 200,
          body: {
            shipmentId: shipment.shipmentId,
            shipmentConfirmationId: shipment.shipmentConfirmationId,
            name: plan.name,
            placementOptionId: `pl${shipment.shipmentId.slice(2, 30)}`,
            status: shipment.status,
            source: { sourceType: 'SELLER_FACILITY', address: plan.sourceAddress },
            destination: {
              destinationType: 'AMAZON_OPTIMIZED',
              warehouseId: 'SIM1',
              address: {
                name: 'SIM1',
                addressLine1: '1 Fulfillment Way',
                city: 'Simville',
                stateOrProvinceCode: 'CA',
                postalCode: '90001',
                countryCode: site.country,
              },
            },
          },
        };
      },
    },
    {
      operation: 'createMarketplaceItemLabels',
      method: 'POST',
      pattern: new RegExp(`^${V2}/items/labels$`),
      rate: 2,
      handle(req) {
        const body = objectBody(req.body);
        if (typeof body.marketplaceId !== 'string' || !MARKETPLACES[body.marketplaceId]) {
          throw invalidInput("Missing or invalid 'marketplaceId'.");
        }
        if (!ITEM_LABEL_TYPES.includes(body.labelType as string)) {
          throw invalidInput(`'labelType' must be one of ${ITEM_LABEL_TYPES.join(', ')}.`);
        }
        const quantities = body.mskuQuantities;
        if (!Array.isArray(quantities) || quantities.length === 0) {
          throw invalidInput("'mskuQuantities' must not be empty.");
        }
        const listings = state.listings[req.account] ?? {};
        const lines: string[] = [];
        for (const q of quantities as Array<{ msku?: unknown; quantity?: unknown }>) {
          const listing = typeof q.msku === 'string' ? listings[q.msku] : undefined;
          if (!listing) throw invalidInput(`Unknown msku: ${String(q.msku)}`);
          if (!Number.isInteger(q.quantity) || (q.quantity as number) < 1) {
            throw invalidInput(`Invalid quantity for msku ${listing.sku}.`);
          }
          lines.push(`${listing.asin}  ${listing.sku}  x${String(q.quantity)}`);
        }
        const { uri, expiration } = labels.link(req, 'FBA item labels', lines);
        return {
          status: 200,
          body: { documentDownloads: [{ downloadType: 'URL', uri, expiration }] },
        };
      },
    },
    {
      operation: 'getLabels',
      method: 'GET',
      pattern: /^\/fba\/inbound\/v0\/shipments\/([^/]+)\/labels$/,
      rate: 2,
      handle(req) {
        const pageType = req.query.get('PageType');
        const labelType = req.query.get('LabelType');
        if (!pageType || !BOX_PAGE_TYPES.includes(pageType))
          throw invalidInput(`Invalid PageType: ${pageType ?? ''}`);
        if (!labelType || !BOX_LABEL_TYPES.includes(labelType))
          throw invalidInput(`Invalid LabelType: ${labelType ?? ''}`);
        const id = req.params[0]!;
        const shipment = Object.values(state.plans)
          .filter((p) => p.account === req.account)
          .flatMap((p) => p.shipments)
          .find((s) => s.shipmentConfirmationId === id || s.shipmentId === id);
        if (!shipment) throw invalidInput(`Invalid shipmentId: ${id}`);
        const boxes = Number(req.query.get('NumberOfPackages') ?? 1);
        const lines = Array.from(
          { length: Math.max(1, Math.min(boxes, 50)) },
          (_, i) =>
            `${shipment.shipmentConfirmationId}U${String(i + 1).padStart(6, '0')}  ${labelType}`,
        );
        const { uri } = labels.link(req, `FBA box labels ${pageType}`, lines);
        return { status: 200, body: { payload: { DownloadURL: uri } } };
      },
    },
  ];
}
