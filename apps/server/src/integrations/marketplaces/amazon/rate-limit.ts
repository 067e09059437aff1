/** An operation's usage plan: sustained requests per second and bucket size (reference 1.6). */
export interface UsagePlan {
  rate: number;
  burst: number;
}

/**
 * Usage plans from the models (reference 1.8–1.11). Inbound operations the reference gives no
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
  getOrders: { rate: 0.0167, burst: 20 },
  getOrderItems: { rate: 0.5, burst: 30 },
  getOrderAddress: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  createInboundPlan: { rate: 2, burst: 2 },
  getInboundPlan: { rate: 2, burst: 2 },
  getInboundOperationStatus: { rate: 2, burst: 6 },
  generatePackingOptions: { rate: 2, burst: 2 },
  listPackingOptions: { rate: 2, burst: 2 },
  confirmPackingOption: { rate: 2, burst: 2 },
  getShipment: { rate: 2, burst: 2 },
  createMarketplaceItemLabels: { rate: 2, burst: 30 },
  getLabels: { rate: 2, burst: 30 },
} satisfies Record<string, UsagePlan>;

export type SpApiOperation = keyof typeof USAGE_PLANS;

interface Bucket {
  plan: UsagePlan;
  tokens: number;
  at: number;
}

/**
 * SP-API's token bucket mirrored client-side, one per selling partner and operation, so a
 * burst is paced to the plan instead of being answered with 429s.
 */
export class OperationLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly plans: Record<SpApiOperation, UsagePlan>,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Takes one token, waiting for it when the bucket is empty. */
  async take(account: string, operation: SpApiOperation): Promise<void> {
    const bucket = this.bucket(account, operation);
    bucket.tokens -= 1;
    if (bucket.tokens < 0) await this.sleep(Math.ceil((-bucket.tokens / bucket.plan.rate) * 1000));
  }

  /** Follows the rate the API reports in `x-amzn-RateLimit-Limit` (reference 1.5). */
  observeRate(account: string, operation: SpApiOperation, rate: number): void {
    if (!Number.isFinite(rate) || rate <= 0) return;
    const bucket = this.bucket(account, operation);
    bucket.plan = { ...bucket.plan, rate };
  }

  private bucket(account: string, operation: SpApiOperation): Bucket {
    const key = `${account}:${operation}`;
    const now = this.clock();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      const plan = this.plans[operation];
      bucket = { plan, tokens: plan.burst, at: now };
      this.buckets.set(key, bucket);
    }
    const refill = ((now - bucket.at) / 1000) * bucket.plan.rate;
    bucket.tokens = Math.min(bucket.plan.burst, bucket.tokens + refill);
    bucket.at = now;
    return bucket;
  }
}
