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

export interface InboundShipment {
  shipmentId: string;
  shipmentConfirmationId: string;
  status: string;
}

export interface InboundPlan {
  inboundPlanId: string;
  account: string;
  name: string;
  marketplaceIds: string[];
  items: Array<{ msku: string; quantity: number; prepOwner: string; labelOwner: string }>;
  sourceAddress: Record<string, string>;
  createdAt: string;
  packingOptionIds: string[];
  confirmedPackingOptionId: string | null;
  shipments: InboundShipment[];
}

export interface Operation {
  operationId: string;
  operation: string;
  account: string;
  polls: number;
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

/** Everything the simulator remembers; written to `stateFile` after each change. */
export interface AmazonSimState {
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
