import { invalidInput, notFound } from './errors.ts';
import { decodeToken, encodeToken, pageSizeOf, type SpRequest } from './routes.ts';
import {
  asinOf,
  type InboundPlan,
  type InboundShipment,
  type OperationProblem,
  type StateStore,
} from './state.ts';

export const V2 = '/inbound/fba/2024-03-20';
export const OWNERS = ['AMAZON', 'SELLER', 'NONE'];

/** What the inbound routes share: the store, the shipment clock step and the label links. */
export interface InboundDeps {
  store: StateStore;
  /** Milliseconds from SHIPPED to RECEIVING and from RECEIVING to CLOSED. */
  stepMs: number;
  labels: LabelLinks;
}

/** A signed link to a label PDF, as the pre-signed S3 URLs Amazon hands out. */
export interface LabelLinks {
  /** A download of a label PDF; `barcodes` puts one box per page with its Code 128. */
  link(
    req: SpRequest,
    title: string,
    lines: string[],
    barcodes?: string[],
  ): { uri: string; expiration: string };
}

/**
 * The model's 38-character ids (`wf…`, `po…`, `pl…`, `sh…`, `to…`, `pg…`, `pk…`): a two-letter
 * prefix and a UUID-shaped hex string, as Amazon's look.
 */
export function longId(store: StateStore, prefix: string): string {
  return `${prefix}${uuidOf(store.nextId(prefix))}`;
}

/** 36 characters, 8-4-4-4-12: operation and delivery window ids. */
export const uuidOf = (hex: string) =>
  hex.slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export function planOf(store: StateStore, req: SpRequest): InboundPlan {
  const plan = store.state.plans[req.params[0]!];
  if (!plan || plan.account !== req.account)
    throw notFound(`Inbound plan ${req.params[0]} not found.`);
  return plan;
}

export function shipmentOf(plan: InboundPlan, shipmentId: string): InboundShipment {
  const shipment = plan.shipments.find((s) => s.shipmentId === shipmentId);
  if (!shipment) throw notFound(`Shipment ${shipmentId} not found.`);
  return shipment;
}

/**
 * Starts an asynchronous operation. With problems it will end FAILED and the caller must not
 * have changed anything; without, SUCCESS (the change is applied at once, the first poll still
 * sees it running).
 */
export function startOperation(
  store: StateStore,
  req: SpRequest,
  name: string,
  problems: OperationProblem[] = [],
): string {
  const operationId = uuidOf(store.nextId('operation'));
  store.state.operations[operationId] = {
    operationId,
    operation: name,
    account: req.account,
    polls: 0,
    problems,
  };
  store.save();
  return operationId;
}

export const problem = (code: string, message: string, details?: string): OperationProblem => ({
  code,
  message,
  severity: 'ERROR',
  ...(details ? { details } : {}),
});

/** WORKING until the carrier has the boxes, then one status per step until CLOSED. */
export function shipmentStatus(shipment: InboundShipment, now: Date, stepMs: number): string {
  if (shipment.status !== 'WORKING' || !shipment.shippedAt) return shipment.status;
  const since = now.getTime() - Date.parse(shipment.shippedAt);
  if (since < 0) return 'WORKING';
  const steps = Math.floor(since / stepMs);
  return steps === 0 ? 'SHIPPED' : steps === 1 ? 'RECEIVING' : 'CLOSED';
}

export function requireActive(plan: InboundPlan): void {
  if (plan.status !== 'ACTIVE') {
    throw invalidInput(`Inbound plan ${plan.inboundPlanId} is ${plan.status} and cannot change.`);
  }
}

/** The model's `Incentive`: a fee or discount in the marketplace's currency. */
export const incentive = (type: string, description: string, amount: number, code: string) => ({
  type,
  target: 'Placement Services',
  description,
  value: { amount, code },
});

/** One page of a list operation (`pageSize` up to 20, `paginationToken`). */
export function paged<T>(all: T[], query: URLSearchParams) {
  const pageSize = pageSizeOf(query, 'pageSize', 10, 20);
  const token = query.get('paginationToken');
  const offset = token ? decodeToken<{ offset: number }>(token, 'paginationToken').offset : 0;
  return {
    page: all.slice(offset, offset + pageSize),
    pagination:
      offset + pageSize < all.length
        ? { nextToken: encodeToken({ offset: offset + pageSize }) }
        : {},
  };
}

/**
 * The SKUs the demo order story sells (orders.ts) count as listed, so the demo store can send
 * them to FBA without publishing them first.
 */
/** The SKUs a seller with nothing published sells (orders.ts) and may send to FBA. */
export const DEMO_SKUS = new Set(['DEMO-TEE-BLK-M', 'DEMO-MUG-11OZ', 'DEMO-TOTE-NAT']);

export function isListed(store: StateStore, account: string, msku: string): boolean {
  return Boolean(store.state.listings[account]?.[msku]) || DEMO_SKUS.has(msku);
}

/** The model's `Item`: a plan line with the ASIN and FNSKU Amazon knows it by. */
export function itemOf(
  store: StateStore,
  account: string,
  item: { msku: string; quantity: number; prepOwner: string; labelOwner: string },
) {
  const asin = store.state.listings[account]?.[item.msku]?.asin ?? asinOf(account, item.msku);
  return {
    asin,
    // A seller-labelled unit carries an X00… FNSKU of its own.
    fnsku: `X00${asin.slice(-7)}`,
    msku: item.msku,
    quantity: item.quantity,
    labelOwner: item.labelOwner,
    prepInstructions: [{ prepOwner: item.prepOwner, prepType: 'ITEM_NO_PREP' }],
  };
}

/** What Amazon's partnered carrier quotes for a small-parcel shipment of `boxes` boxes. */
export const partneredCost = (boxes: number) => Math.round((8.5 + 4.25 * boxes) * 100) / 100;
