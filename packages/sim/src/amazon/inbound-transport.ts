import { invalidInput, notFound } from './errors.ts';
import {
  itemOf,
  longId,
  paged,
  partneredCost,
  planOf,
  problem,
  requireActive,
  shipmentOf,
  shipmentStatus,
  startOperation,
  uuidOf,
  V2,
  type InboundDeps,
} from './inbound-common.ts';
import { objectBody, type SpRoute } from './routes.ts';
import { MARKETPLACES } from './sites.ts';
import { isoSeconds, type InboundPlan, type TransportationOption } from './state.ts';

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
const DAY = 86_400_000;
/** The carriers a seller may name for its own small-parcel shipment (besides Amazon's partner). */
const OWN_CARRIERS = [
  { name: 'FedEx', alphaCode: 'FDEG' },
  { name: 'Other', alphaCode: 'OTHR' },
];

const currencyOf = (plan: InboundPlan) => MARKETPLACES[plan.marketplaceIds[0]!]?.currency ?? 'USD';

/** Transportation, delivery windows, tracking, the shipment itself and its labels. */
export function transportRoutes({ store, stepMs, labels }: InboundDeps): SpRoute[] {
  const { state } = store;
  const findOption = (plan: InboundPlan, id: string) =>
    plan.transportationOptions.find((o) => o.transportationOptionId === id);

  return [
    {
      operation: 'getShipment',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const s = shipmentOf(plan, req.params[1]!);
        const site = MARKETPLACES[plan.marketplaceIds[0]!]!;
        const window = s.deliveryWindowOptionId
          ? deliveryWindow(
              s.deliveryWindowOptionId,
              s.readyToShipStart,
              s.deliveryWindowOptionIds.indexOf(s.deliveryWindowOptionId),
            )
          : null;
        return {
          status: 200,
          body: {
            shipmentId: s.shipmentId,
            shipmentConfirmationId: s.shipmentConfirmationId,
            amazonReferenceId: `${s.shipmentConfirmationId.slice(3, 9)}R`,
            name: `${plan.name} ${s.warehouseId}`,
            placementOptionId: s.placementOptionId,
            status: shipmentStatus(s, req.now, stepMs),
            source: { sourceType: 'SELLER_FACILITY', address: plan.sourceAddress },
            destination: {
              destinationType: 'AMAZON_OPTIMIZED',
              warehouseId: s.warehouseId,
              address: {
                name: s.warehouseId,
                addressLine1: '1 Fulfillment Way',
                city: 'Simville',
                stateOrProvinceCode: 'CA',
                postalCode: '90001',
                countryCode: site.country,
              },
            },
            ...(s.transportationOptionId
              ? { selectedTransportationOptionId: s.transportationOptionId }
              : {}),
            ...(s.readyToShipStart
              ? {
                  dates: {
                    readyToShipWindow: {
                      start: s.readyToShipStart,
                      end: isoSeconds(new Date(Date.parse(s.readyToShipStart) + 7 * DAY)),
                    },
                  },
                }
              : {}),
            ...(window
              ? { selectedDeliveryWindow: { ...window, editableUntil: window.startDate } }
              : {}),
            ...(s.tracking.length
              ? {
                  trackingDetails: {
                    spdTrackingDetail: {
                      spdTrackingItems: s.tracking.map((t) => ({
                        ...t,
                        trackingNumberValidationStatus: 'VALIDATED',
                      })),
                    },
                  },
                }
              : {}),
          },
        };
      },
    },
    {
      operation: 'listShipmentBoxes',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)/boxes$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const s = shipmentOf(plan, req.params[1]!);
        const boxes = plan.boxes.filter((b) => b.shipmentId === s.shipmentId);
        const { page, pagination } = paged(boxes, req.query);
        return {
          status: 200,
          body: {
            boxes: page.map((b) => ({
              packageId: b.packageId,
              boxId: b.boxId!,
              contentInformationSource: b.contentInformationSource,
              destinationRegion: {
                countryCode: MARKETPLACES[plan.marketplaceIds[0]!]!.country,
                warehouseId: s.warehouseId,
              },
              dimensions: b.dimensions,
              weight: b.weight,
              quantity: 1,
              items: b.items.map((i) => itemOf(store, req.account, i)),
            })),
            pagination,
          },
        };
      },
    },
    {
      operation: 'generateTransportationOptions',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/transportationOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const body = objectBody(req.body);
        const configs = body.shipmentTransportationConfigurations;
        if (typeof body.placementOptionId !== 'string')
          throw invalidInput("Missing required field 'placementOptionId'.");
        if (!Array.isArray(configs) || configs.length === 0)
          throw invalidInput("'shipmentTransportationConfigurations' must not be empty.");
        const problems = [];
        if (body.placementOptionId !== plan.confirmedPlacementOptionId) {
          problems.push(problem('FBA_INB_0121', 'Confirm this placement option first.'));
        }
        for (const c of configs as Array<Record<string, unknown>>) {
          const start = (c.readyToShipWindow as { start?: unknown } | undefined)?.start;
          if (typeof start !== 'string' || Number.isNaN(Date.parse(start)))
            throw invalidInput("Each configuration needs 'readyToShipWindow.start'.");
          if (!plan.shipments.some((s) => s.shipmentId === c.shipmentId))
            problems.push(problem('FBA_INB_0122', `Shipment ${String(c.shipmentId)} not found.`));
        }
        if (problems.length === 0) {
          for (const c of configs as Array<{
            shipmentId: string;
            readyToShipWindow: { start: string };
          }>) {
            const s = shipmentOf(plan, c.shipmentId);
            s.readyToShipStart = isoSeconds(new Date(c.readyToShipWindow.start));
            const boxes = plan.boxes.filter((b) => b.shipmentId === s.shipmentId).length;
            plan.transportationOptions = plan.transportationOptions.filter(
              (o) => o.shipmentId !== s.shipmentId,
            );
            const option = (
              o: Omit<TransportationOption, 'transportationOptionId' | 'shipmentId'>,
            ) =>
              plan.transportationOptions.push({
                transportationOptionId: longId(store, 'to'),
                shipmentId: s.shipmentId,
                ...o,
              });
            option({
              shippingSolution: 'AMAZON_PARTNERED_CARRIER',
              shippingMode: 'GROUND_SMALL_PARCEL',
              carrier: { name: 'United Parcel Service Inc.', alphaCode: 'UPSN' },
              cost: partneredCost(boxes),
            });
            for (const carrier of OWN_CARRIERS) {
              option({
                shippingSolution: 'USE_YOUR_OWN_CARRIER',
                shippingMode: 'GROUND_SMALL_PARCEL',
                carrier,
                cost: null,
              });
            }
          }
        }
        return {
          status: 202,
          body: {
            operationId: startOperation(store, req, 'generateTransportationOptions', problems),
          },
        };
      },
    },
    {
      operation: 'listTransportationOptions',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/transportationOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const shipmentId = req.query.get('shipmentId');
        const placementOptionId = req.query.get('placementOptionId');
        if (!shipmentId && !placementOptionId)
          throw invalidInput("Either 'placementOptionId' or 'shipmentId' is required.");
        const options = plan.transportationOptions.filter(
          (o) =>
            (!shipmentId || o.shipmentId === shipmentId) &&
            (!placementOptionId || placementOptionId === plan.confirmedPlacementOptionId),
        );
        const { page, pagination } = paged(options, req.query);
        const expiration = isoSeconds(new Date(req.now.getTime() + DAY));
        return {
          status: 200,
          body: {
            transportationOptions: page.map((o) => ({
              transportationOptionId: o.transportationOptionId,
              shipmentId: o.shipmentId,
              shippingSolution: o.shippingSolution,
              shippingMode: o.shippingMode,
              carrier: o.carrier,
              preconditions:
                o.shippingSolution === 'USE_YOUR_OWN_CARRIER' ? ['CONFIRMED_DELIVERY_WINDOW'] : [],
              ...(o.cost === null
                ? {}
                : {
                    quote: {
                      cost: { amount: o.cost, code: currencyOf(plan) },
                      expiration,
                      voidableUntil: expiration,
                    },
                  }),
            })),
            pagination,
          },
        };
      },
    },
    {
      operation: 'generateDeliveryWindowOptions',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)/deliveryWindowOptions$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const s = shipmentOf(plan, req.params[1]!);
        if (s.deliveryWindowOptionIds.length === 0) {
          s.deliveryWindowOptionIds = [1, 2, 3].map(() => uuidOf(store.nextId('dw')));
        }
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'generateDeliveryWindowOptions') },
        };
      },
    },
    {
      operation: 'listDeliveryWindowOptions',
      method: 'GET',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)/deliveryWindowOptions$`),
      rate: 2,
      handle(req) {
        const s = shipmentOf(planOf(store, req), req.params[1]!);
        const { page, pagination } = paged(
          s.deliveryWindowOptionIds.map((id) =>
            deliveryWindow(id, s.readyToShipStart, s.deliveryWindowOptionIds.indexOf(id)),
          ),
          req.query,
        );
        const validUntil = isoSeconds(new Date(req.now.getTime() + DAY));
        return {
          status: 200,
          body: {
            deliveryWindowOptions: page.map((w) => ({ ...w, validUntil })),
            pagination,
          },
        };
      },
    },
    {
      operation: 'confirmDeliveryWindowOptions',
      method: 'POST',
      pattern: new RegExp(
        `^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)/deliveryWindowOptions/([^/]+)/confirmation$`,
      ),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const s = shipmentOf(plan, req.params[1]!);
        if (!s.deliveryWindowOptionIds.includes(req.params[2]!))
          throw notFound(`Delivery window option ${req.params[2]} not found.`);
        s.deliveryWindowOptionId = req.params[2]!;
        return {
          status: 202,
          body: { operationId: startOperation(store, req, 'confirmDeliveryWindowOptions') },
        };
      },
    },
    {
      operation: 'confirmTransportationOptions',
      method: 'POST',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/transportationOptions/confirmation$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        requireActive(plan);
        const selections = objectBody(req.body).transportationSelections;
        if (!Array.isArray(selections) || selections.length === 0)
          throw invalidInput("'transportationSelections' must not be empty.");
        const problems = [];
        const chosen: Array<[string, TransportationOption]> = [];
        for (const sel of selections as Array<{
          shipmentId?: string;
          transportationOptionId?: string;
        }>) {
          const option = findOption(plan, String(sel.transportationOptionId));
          const s = plan.shipments.find((x) => x.shipmentId === sel.shipmentId);
          if (!option || !s || option.shipmentId !== s.shipmentId) {
            problems.push(
              problem(
                'FBA_INB_0124',
                `Transportation option ${String(sel.transportationOptionId)} is not offered for shipment ${String(sel.shipmentId)}.`,
              ),
            );
          } else if (s.transportationOptionId) {
            problems.push(
              problem(
                'FBA_INB_0125',
                `Shipment ${s.shipmentConfirmationId} already has transportation.`,
              ),
            );
          } else if (
            option.shippingSolution === 'USE_YOUR_OWN_CARRIER' &&
            !s.deliveryWindowOptionId
          ) {
            problems.push(
              problem(
                'FBA_INB_0126',
                `Confirm a delivery window for shipment ${s.shipmentConfirmationId} before its own-carrier transportation.`,
              ),
            );
          } else chosen.push([s.shipmentId, option]);
        }
        const missing = plan.shipments.filter(
          (s) =>
            s.status === 'WORKING' &&
            !s.transportationOptionId &&
            !chosen.some(([id]) => id === s.shipmentId),
        );
        for (const s of missing)
          problems.push(
            problem(
              'FBA_INB_0127',
              `Select transportation for shipment ${s.shipmentConfirmationId} too.`,
            ),
          );
        if (problems.length === 0) {
          for (const [shipmentId, option] of chosen) {
            const s = shipmentOf(plan, shipmentId);
            s.transportationOptionId = option.transportationOptionId;
            if (option.shippingSolution === 'AMAZON_PARTNERED_CARRIER') {
              // The partnered carrier collects the boxes one step later and tracks them itself.
              s.shippedAt = isoSeconds(new Date(req.now.getTime() + stepMs));
              s.tracking = plan.boxes
                .filter((b) => b.shipmentId === s.shipmentId)
                .map((b, n) => ({
                  boxId: b.boxId!,
                  trackingId: `1Z${s.shipmentConfirmationId.slice(3)}${String(n + 1).padStart(7, '0')}`,
                }));
            }
          }
          plan.lastUpdatedAt = isoSeconds(req.now);
        }
        return {
          status: 202,
          body: {
            operationId: startOperation(store, req, 'confirmTransportationOptions', problems),
          },
        };
      },
    },
    {
      operation: 'updateShipmentTrackingDetails',
      method: 'PUT',
      pattern: new RegExp(`^${V2}/inboundPlans/([^/]+)/shipments/([^/]+)/trackingDetails$`),
      rate: 2,
      handle(req) {
        const plan = planOf(store, req);
        const s = shipmentOf(plan, req.params[1]!);
        const details = objectBody(req.body).trackingDetails as
          | {
              spdTrackingDetail?: {
                spdTrackingItems?: Array<{ boxId?: string; trackingId?: string }>;
              };
            }
          | undefined;
        const items = details?.spdTrackingDetail?.spdTrackingItems;
        if (!Array.isArray(items) || items.length === 0)
          throw invalidInput(
            "'trackingDetails.spdTrackingDetail.spdTrackingItems' must not be empty.",
          );
        for (const item of items) {
          if (
            typeof item.trackingId !== 'string' ||
            !item.trackingId ||
            item.trackingId.length > 64
          )
            throw invalidInput('Each tracking item needs a trackingId of 1 to 64 characters.');
        }
        const boxes = plan.boxes.filter((b) => b.shipmentId === s.shipmentId).map((b) => b.boxId);
        const option = s.transportationOptionId
          ? findOption(plan, s.transportationOptionId)
          : undefined;
        const problems = [];
        if (option?.shippingSolution !== 'USE_YOUR_OWN_CARRIER')
          problems.push(
            problem(
              'FBA_INB_0128',
              'Tracking is only set for an own-carrier shipment with confirmed transportation.',
            ),
          );
        for (const item of items) {
          if (!boxes.includes(item.boxId ?? null))
            problems.push(
              problem('FBA_INB_0129', `Box ${String(item.boxId)} is not in this shipment.`),
            );
        }
        if (problems.length === 0) {
          s.tracking = items.map((i) => ({ boxId: i.boxId!, trackingId: i.trackingId! }));
          s.shippedAt ??= isoSeconds(req.now);
        }
        return {
          status: 202,
          body: {
            operationId: startOperation(store, req, 'updateShipmentTrackingDetails', problems),
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
        const plan = Object.values(state.plans).find(
          (p) =>
            p.account === req.account &&
            p.shipments.some((s) => s.shipmentConfirmationId === id || s.shipmentId === id),
        );
        const shipment = plan?.shipments.find(
          (s) => s.shipmentConfirmationId === id || s.shipmentId === id,
        );
        if (!plan || !shipment) throw invalidInput(`Invalid shipmentId: ${id}`);
        if (!shipment.transportationOptionId)
          throw invalidInput(`Shipment ${id} has no confirmed transportation yet.`);
        const wanted = (req.query.get('PackageLabelsToPrint') ?? '').split(',').filter(Boolean);
        const boxes = plan.boxes
          .filter((b) => b.shipmentId === shipment.shipmentId)
          .filter((b) => wanted.length === 0 || wanted.includes(b.boxId!));
        const site = MARKETPLACES[plan.marketplaceIds[0]!]!;
        const lines = boxes.map(
          (b, n) =>
            `${b.boxId}  ${labelType}  ${n + 1}/${boxes.length}  ${shipment.warehouseId} ${site.country}  ${b.items
              .map((i) => `${i.msku} x${i.quantity}`)
              .join(', ')}`,
        );
        const { uri } = labels.link(
          req,
          `FBA box labels ${shipment.shipmentConfirmationId} ${pageType}`,
          lines,
          boxes.map((b) => b.boxId!),
        );
        return { status: 200, body: { payload: { DownloadURL: uri } } };
      },
    },
  ];
}

/** A delivery window: a week, starting three days after the boxes are ready (n weeks later). */
function deliveryWindow(id: string, readyToShip: string | null, n = 0) {
  const start = Date.parse(readyToShip ?? '2025-01-01T00:00:00Z') + (3 + 7 * n) * DAY;
  return {
    deliveryWindowOptionId: id,
    availabilityType: 'AVAILABLE',
    startDate: isoSeconds(new Date(start)),
    endDate: isoSeconds(new Date(start + 7 * DAY)),
  };
}
