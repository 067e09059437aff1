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
