import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type Attributes = Record<string, Array<Record<string, unknown>>>;

export interface StoredListing {
  sku: string;
  productType: string;
  marketplaceId: string;
  attributes: Attributes;
  asin: string;
  createdDate: string;
  lastUpdatedDate: string;
}

/** One physical box of a plan (setPackingInformation expands `quantity` into boxes). */
export interface InboundBox {
  packageId: string;
  /** `<shipmentConfirmationId>U000001`, once a placement put the box into a shipment. */
  boxId: string | null;
  shipmentId: string | null;
  contentInformationSource: string;
  dimensions: { length: number; width: number; height: number; unitOfMeasurement: string };
  weight: { value: number; unit: string };
  items: Array<{ msku: string; quantity: number; prepOwner: string; labelOwner: string }>;
}

export interface InboundShipment {
  shipmentId: string;
  shipmentConfirmationId: string;
  placementOptionId: string;
  warehouseId: string;
  /** WORKING or CANCELLED; once shipped the status follows from `shippedAt` and the step. */
  status: string;
  transportationOptionId: string | null;
  readyToShipStart: string | null;
  deliveryWindowOptionIds: string[];
  deliveryWindowOptionId: string | null;
  tracking: Array<{ boxId: string; trackingId: string }>;
  /** When the carrier took the boxes: at tracking upload, or one step after a partnered booking. */
  shippedAt: string | null;
  /** Content update previews not yet confirmed (absent in state files written before them). */
  contentUpdatePreviews?: ContentUpdatePreview[];
}

/** A requested change of a shipment's boxes and items, priced, until confirmed or expired. */
export interface ContentUpdatePreview {
  contentUpdatePreviewId: string;
  expiration: string;
  boxes: Array<{
    packageId?: string;
    contentInformationSource: string;
    dimensions: InboundBox['dimensions'];
    weight: InboundBox['weight'];
    quantity: number;
    items: InboundBox['items'];
  }>;
  items: InboundBox['items'];
  /** The shipment's carrier, with its cost for the updated boxes. */
  transportationOptionId: string;
  cost: number | null;
}

export interface PlacementOption {
  placementOptionId: string;
  /** Shipments this option would create: their ids, warehouse and boxes (by packageId). */
  shipments: Array<{ shipmentId: string; warehouseId: string; packageIds: string[] }>;
  fee: number;
}

export interface TransportationOption {
  transportationOptionId: string;
  shipmentId: string;
  shippingSolution: 'AMAZON_PARTNERED_CARRIER' | 'USE_YOUR_OWN_CARRIER';
  shippingMode: string;
  carrier: { name: string; alphaCode: string };
  cost: number | null;
}

export interface InboundPlan {
  inboundPlanId: string;
  account: string;
  name: string;
  /** ACTIVE, VOIDED (cancelled) or SHIPPED. */
  status: string;
  marketplaceIds: string[];
  items: Array<{ msku: string; quantity: number; prepOwner: string; labelOwner: string }>;
  sourceAddress: Record<string, string>;
  createdAt: string;
  lastUpdatedAt: string;
  packingOptionIds: string[];
  /** Every packing option here packs the whole plan as one group. */
  packingGroupId: string;
  confirmedPackingOptionId: string | null;
  boxes: InboundBox[];
  placementOptions: PlacementOption[];
  confirmedPlacementOptionId: string | null;
  transportationOptions: TransportationOption[];
  /** Only after a placement option is confirmed, as Amazon does. */
  shipments: InboundShipment[];
}

export interface OperationProblem {
  code: string;
  message: string;
  severity: string;
  details?: string;
}

export interface Operation {
  operationId: string;
  operation: string;
  account: string;
  polls: number;
  /** Why it fails: an operation with problems ends FAILED and changed nothing. */
  problems: OperationProblem[];
}

/** A package confirmed with confirmShipment, keyed in its order by packageReferenceId. */
export interface AmazonPackage {
  carrierCode: string;
  carrierName: string | null;
  trackingNumber: string;
  shipDate: string;
  items: Record<string, number>;
}

export interface AmazonShipmentRecord {
  at: string;
  items: Record<string, number>;
  /** Absent in state files written before packages were kept. */
  packages?: Record<string, AmazonPackage>;
}

/** A Notifications API destination: where (an SQS queue's ARN) the app's notifications go. */
export interface NotificationDestination {
  destinationId: string;
  name: string;
  arn: string;
}

export interface NotificationSubscription {
  subscriptionId: string;
  destinationId: string;
  payloadVersion: string;
}

/** Everything the simulator remembers; written to `stateFile` after each change. */
export interface AmazonSimState {
  /** The app's destinations (grantless), by destinationId. */
  destinations: Record<string, NotificationDestination>;
  /** account → notificationType → its subscription. */
  subscriptions: Record<string, Record<string, NotificationSubscription>>;
  /** account → sku → listing. */
  listings: Record<string, Record<string, StoredListing>>;
  /** account → AmazonOrderId → { OrderItemId → quantity shipped }, when, and its packages. */
  shipments: Record<string, Record<string, AmazonShipmentRecord>>;
  plans: Record<string, InboundPlan>;
  operations: Record<string, Operation>;
  /** Feeds the ids the simulator makes, so they are deterministic. */
  sequence: number;
}

const empty = (): AmazonSimState => ({
  destinations: {},
  subscriptions: {},
  listings: {},
  shipments: {},
  plans: {},
  operations: {},
  sequence: 0,
});

export class StateStore {
  readonly state: AmazonSimState;
  /** Bumped on every change, so views computed from the state know when to recompute. */
  revision = 0;

  constructor(private readonly file: string | undefined) {
    this.state =
      file && existsSync(file)
        ? { ...empty(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<AmazonSimState>) }
        : empty();
    // Plans saved before the simulator modelled placement cannot go on; they are forgotten.
    for (const [id, plan] of Object.entries(this.state.plans)) {
      if (!Array.isArray(plan.boxes)) delete this.state.plans[id];
    }
  }

  save(): void {
    this.revision += 1;
    if (this.file) writeFileSync(this.file, JSON.stringify(this.state));
  }

  /** A fresh deterministic hex id: the n-th id of a simulator is always the same. */
  nextId(kind: string): string {
    this.state.sequence += 1;
    return digest(`${kind}:${this.state.sequence}`);
  }
}

export const digest = (input: string) => createHash('sha256').update(input).digest('hex');

/** Amazon's ASIN form: `B0` and eight base-36 characters, stable per seller and SKU. */
export function asinOf(account: string, sku: string): string {
  const n = BigInt(`0x${digest(`asin:${account}:${sku}`).slice(0, 16)}`);
  return `B0${n.toString(36).toUpperCase().padStart(8, '0').slice(-8)}`;
}

/** `mmm-nnnnnnn-nnnnnnn`, the AmazonOrderId form. */
export function orderIdOf(key: string): string {
  const digits = BigInt(`0x${digest(`order:${key}`).slice(0, 20)}`)
    .toString()
    .padStart(17, '0')
    .slice(-17);
  return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}`;
}

export function orderItemIdOf(orderId: string, sku: string): string {
  return BigInt(`0x${digest(`item:${orderId}:${sku}`).slice(0, 14)}`)
    .toString()
    .padStart(14, '0')
    .slice(-14);
}

/** ISO-8601 without milliseconds, as SP-API writes times. */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
