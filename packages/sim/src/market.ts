import type { Faults, OrderPace, SimHandler } from './http.ts';

/** What every marketplace simulator takes. */
export interface MarketSimOptions {
  /** Mount prefix, e.g. `/__sim/amazon`; empty when the simulator has its own port. */
  basePath?: string;
  /** Absolute URL of the simulator as a browser reaches it (consent pages, download links). */
  publicUrl?: string;
  now?: () => Date;
  /** Secret of the simulator's stateless tokens; the fixed default keeps tokens valid across restarts. */
  tokenSecret?: string;
  /** JSON file that keeps published listings across restarts; in memory when absent. */
  stateFile?: string;
  /**
   * Seconds between simulated logistics events the marketplace reports (Amazon: an FBA inbound
   * shipment's SHIPPED → RECEIVING → CLOSED).
   */
  stepSeconds?: number;
  /** How its buyers order; the marketplace's own pace over 30 days when absent. */
  orders?: OrderPace;
}

/** Tokens as the marketplace's token endpoint would issue them after a seller's consent. */
export interface SimGrant {
  /** Amazon selling_partner_id, Shopify shop domain, Shopee shop_id, Temu mallId. */
  account: string;
  accessToken: string;
  /** Unix seconds; null when the token does not expire. */
  accessTokenExpiresAt: number | null;
  refreshToken: string | null;
  extra: Record<string, string>;
}

export interface MarketSimulator extends SimHandler {
  /** Queue 429s, 5xx or custom error bodies for the next requests. */
  faults: Faults;
  /**
   * Grants this app access to an account without the consent page, as if the seller had
   * consented: demo data uses it. `site` is the site code (e.g. `US`).
   */
  grant(account: string, site: string): SimGrant;
  /**
   * The shipments the account's seller confirmed through the API, one per package (Amazon),
   * fulfillment (Shopify) or shipped order (Shopee, Temu); a retry the marketplace took as the
   * same package is not counted again. What tests check pushes against.
   */
  shipments(account: string): SimShipment[];
  /**
   * The products the account holds, each with its SKUs (Shopify products, Shopee items, Temu
   * goods; deleted ones are not held): what tests check publishes against, one per listing.
   * Amazon keys its listings by SKU, so it cannot hold two and has none of this.
   */
  products?(account: string): SimProductRef[];
  /**
   * Sends the event notifications due now (Shopify webhooks, Amazon notifications) to their
   * subscribers; answers how many were sent. Simulators without events have none.
   */
  deliverEvents?(): Promise<number>;
}

/** One product as the marketplace holds it. */
export interface SimProductRef {
  /** The marketplace's id (Shopify product GID, Shopee item id, Temu goods id). */
  id: string;
  /** The SKUs of its variants (Shopify), models or the item (Shopee), SKUs (Temu). */
  skus: string[];
}

/** One confirmed shipment as the marketplace recorded it. */
export interface SimShipment {
  /** The marketplace's order id (Amazon order id, Shopify order GID, Shopee order sn, Temu parent order sn). */
  orderId: string;
  trackingNumber: string;
  /** The carrier as sent (Amazon carrierCode or name, Shopify company, Temu carrierId); null when not kept. */
  carrier: string | null;
}

export const SIM_TOKEN_SECRET = 'seller-hub-simulator-token-secret';

/** App credentials the simulators accept; never valid anywhere real. */
export const SIM_AMAZON_DEFAULTS = {
  clientId: 'amzn1.application-oa2-client.simulator0000000000000000',
  clientSecret: 'amzn1.oa2-cs.v1.simulator-secret-not-for-real-use',
  appId: 'amzn1.sellerapps.app.simulator-0000-0000-0000-000000000000',
} as const;

export const SIM_SHOPIFY_DEFAULTS = {
  apiKey: 'sim-shopify-api-key-0000000000000',
  apiSecret: 'shpss_simulator_secret_not_for_real_use',
} as const;

export const SIM_SHOPEE_DEFAULTS = {
  partnerId: 2001887,
  partnerKey: 'sim-shopee-partner-key-not-for-real-use',
} as const;

export const SIM_TEMU_DEFAULTS = {
  appKey: 'sim-temu-app-key-000000000000000',
  appSecret: 'sim-temu-app-secret-not-for-real-use',
} as const;
