import { memoryBuckets, type RateBuckets, type UsagePlan } from '../rate-buckets.ts';

/** An operation's usage plan: sustained requests per second and bucket size (reference 1.6). */
export type { UsagePlan };

/**
 * Usage plans from the models (reference 1.8–1.11, Orders 2026-01-01, Finances v0, FBA Inventory v1). Inbound operations the reference gives no
 * plan for use 2 / 2, the smallest plan documented for that API.
 */
export const USAGE_PLANS = {
  getListingsItem: { rate: 5, burst: 10 },
  putListingsItem: { rate: 5, burst: 10 },
  patchListingsItem: { rate: 5, burst: 5 },
  deleteListingsItem: { rate: 5, burst: 5 },
  searchListingsItems: { rate: 5, burst: 5 },
  searchDefinitionsProductTypes: { rate: 5, burst: 10 },
  getDefinitionsProductType: { rate: 5, burst: 10 },
  // Orders 2026-01-01 (orders_2026-01-01.json usage plans).
  searchOrders: { rate: 0.0056, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  // Finances v0 (financesV0.json usage plan).
  listFinancialEventsByOrderId: { rate: 0.5, burst: 30 },
  // Notifications v1 (notifications.json usage plans).
  getDestinations: { rate: 1, burst: 5 },
  createDestination: { rate: 1, burst: 5 },
  createSubscription: { rate: 1, burst: 5 },
  getSubscription: { rate: 1, burst: 5 },
  createInboundPlan: { rate: 2, burst: 2 },
  getInboundPlan: { rate: 2, burst: 2 },
  getInboundOperationStatus: { rate: 2, burst: 6 },
  generatePackingOptions: { rate: 2, burst: 2 },
  listPackingOptions: { rate: 2, burst: 2 },
  confirmPackingOption: { rate: 2, burst: 2 },
  getShipment: { rate: 2, burst: 2 },
  listInboundPlanItems: { rate: 2, burst: 2 },
  cancelInboundPlan: { rate: 2, burst: 2 },
  setPackingInformation: { rate: 2, burst: 2 },
  generatePlacementOptions: { rate: 2, burst: 2 },
  listPlacementOptions: { rate: 2, burst: 2 },
  confirmPlacementOption: { rate: 2, burst: 2 },
  generateTransportationOptions: { rate: 2, burst: 2 },
  listTransportationOptions: { rate: 2, burst: 2 },
  confirmTransportationOptions: { rate: 2, burst: 2 },
  generateDeliveryWindowOptions: { rate: 2, burst: 2 },
  listDeliveryWindowOptions: { rate: 2, burst: 2 },
  confirmDeliveryWindowOptions: { rate: 2, burst: 2 },
  listShipmentBoxes: { rate: 2, burst: 2 },
  updateShipmentTrackingDetails: { rate: 2, burst: 2 },
  // Shipment content updates: 2 / 30 in the model.
  generateShipmentContentUpdatePreviews: { rate: 2, burst: 30 },
  listShipmentContentUpdatePreviews: { rate: 2, burst: 30 },
  confirmShipmentContentUpdatePreview: { rate: 2, burst: 30 },
  createMarketplaceItemLabels: { rate: 2, burst: 30 },
  getLabels: { rate: 2, burst: 30 },
  getInventorySummaries: { rate: 2, burst: 2 },
} satisfies Record<string, UsagePlan>;

export type SpApiOperation = keyof typeof USAGE_PLANS;

/**
 * SP-API's token bucket mirrored client-side, one per selling partner and operation, so a
 * burst is paced to the plan instead of being answered with 429s. The buckets live in
 * `buckets`: the database's when several processes call for the same selling partner.
 */
export class OperationLimiter {
  /** Rates the API reported, which replace the plan's. */
  private readonly rates = new Map<string, number>();

  constructor(
    private readonly plans: Record<SpApiOperation, UsagePlan>,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly clock: () => number = Date.now,
    private readonly buckets: RateBuckets = memoryBuckets(),
  ) {}

  /** Takes one token, waiting for it when the bucket is empty. */
  async take(account: string, operation: SpApiOperation): Promise<void> {
    const key = `amazon:${account}:${operation}`;
    const plan = this.plans[operation];
    const rate = this.rates.get(key);
    const wait = await this.buckets.take(key, rate ? { ...plan, rate } : plan, this.clock());
    if (wait > 0) await this.sleep(wait);
  }

  /** Follows the rate the API reports in `x-amzn-RateLimit-Limit` (reference 1.5). */
  observeRate(account: string, operation: SpApiOperation, rate: number): void {
    if (!Number.isFinite(rate) || rate <= 0) return;
    this.rates.set(`amazon:${account}:${operation}`, rate);
  }
}
