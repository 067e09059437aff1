import {
  SIM_AMAZON_DEFAULTS,
  SIM_SQS_DEFAULTS,
  simQueueArn,
  SIM_SHOPEE_DEFAULTS,
  SIM_SHOPIFY_DEFAULTS,
  SIM_TEMU_DEFAULTS,
} from '@app/sim';
import type { Marketplace, MarketSiteInfo } from '@app/shared';
import type { Config } from '../../config.ts';
import { sqsArnOf, type SqsOptions } from '../sqs.ts';
import { createAmazonConnector } from './amazon/connector.ts';
import type { MarketplaceConnector } from './connector.ts';
import type { MarketHttpOptions } from './http.ts';
import { createShopeeConnector } from './shopee/connector.ts';
import { createShopifyConnector } from './shopify/connector.ts';
import { createTemuConnector } from './temu/connector.ts';

export type Connectors = Partial<Record<Marketplace, MarketplaceConnector>>;

const AMAZON_API: Record<string, string> = {
  NA: 'https://sellingpartnerapi-na.amazon.com',
  EU: 'https://sellingpartnerapi-eu.amazon.com',
  FE: 'https://sellingpartnerapi-fe.amazon.com',
};

/** Seller Central hosts of the consent page (reference 1.2); BR, NL, SE, PL and SG are not confirmed there. */
const SELLER_CENTRAL: Record<string, string> = {
  US: 'sellercentral.amazon.com',
  CA: 'sellercentral.amazon.ca',
  MX: 'sellercentral.amazon.com.mx',
  BR: 'sellercentral.amazon.com.br',
  JP: 'sellercentral.amazon.co.jp',
  AU: 'sellercentral.amazon.com.au',
  SG: 'sellercentral.amazon.sg',
};

const TEMU_GATEWAYS: Record<string, string> = {
  US: 'https://openapi-b-us.temu.com/openapi/router',
  EU: 'https://openapi-b-eu.temu.com/openapi/router',
  GLOBAL: 'https://openapi-b-global.temu.com/openapi/router',
  // A cross-border (semi-managed) seller's category tree, and its goods (reference 4.1).
  CN: 'https://openapi.kuajingmaihuo.com/openapi/router',
  PARTNER: 'https://openapi-b-partner.temu.com/openapi/router',
};

const TEMU_SELLER_CENTER: Record<string, string> = {
  US: 'https://seller.temu.com/open-platform/client-manage',
  EU: 'https://seller-eu.temu.com/open-platform/client-manage',
  GLOBAL: 'https://seller.temu.com/open-platform/client-manage',
};
/** Cross-border sellers authorize in the agent seller centre (reference 4.4). */
const TEMU_AGENT_SELLER_CENTER: Record<string, string> = {
  US: 'https://agentseller.temu.com/open-platform/system-manage/client-manage',
  EU: 'https://agentseller-eu.temu.com/open-platform/system-manage/client-manage',
};

/**
 * What the calls need: products, the primary location before productSet (`read_locations`),
 * orders, and the merchant-managed fulfillment orders a shipment confirmation reads and fulfils.
 */
export const SHOPIFY_SCOPES =
  'read_products,write_products,read_locations,read_orders,write_orders,read_fulfillments,write_fulfillments,' +
  'read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders';
/** A supported Admin API version the simulator serves; `SHOPIFY_API_VERSION` overrides it. */
export const SHOPIFY_API_VERSION = '2026-01';

/** The simulators' base URLs: as this server calls them, and as the seller's browser opens them. */
export function simulatorUrls(config: Config): { internal: string; public: string } {
  const internal = (config.SIM_BASE_URL ?? `http://127.0.0.1:${config.PORT}/__sim`).replace(
    /\/$/,
    '',
  );
  const publicBase = config.SIM_BASE_URL
    ? internal
    : config.PUBLIC_URL
      ? `${config.PUBLIC_URL.replace(/\/$/, '')}/__sim`
      : `http://localhost:${config.PORT}/__sim`;
  return { internal, public: publicBase };
}

export function simulatorsEnabled(config: Config): boolean {
  return (config.MARKETPLACE_SIM ?? (config.DEMO ? 'on' : 'off')) === 'on';
}

/**
 * The SQS queue Amazon's notifications go to: the configured one for a live Amazon app, the
 * Amazon simulator's own queue for its sandbox stores, none otherwise (polling alone).
 */
export function amazonNotificationQueue(config: Config): (SqsOptions & { arn: string }) | null {
  if (config.AMAZON_LWA_CLIENT_ID) {
    if (
      !config.AMAZON_SQS_QUEUE_URL ||
      !config.AMAZON_SQS_ACCESS_KEY_ID ||
      !config.AMAZON_SQS_SECRET_ACCESS_KEY
    ) {
      return null;
    }
    const arn = sqsArnOf(config.AMAZON_SQS_QUEUE_URL);
    return {
      queueUrl: config.AMAZON_SQS_QUEUE_URL,
      region: arn.split(':')[3]!,
      accessKeyId: config.AMAZON_SQS_ACCESS_KEY_ID,
      secretAccessKey: config.AMAZON_SQS_SECRET_ACCESS_KEY,
      arn,
    };
  }
  if (!simulatorsEnabled(config)) return null;
  const { accountId, queueName, region, accessKeyId, secretAccessKey } = SIM_SQS_DEFAULTS;
  return {
    queueUrl: `${simulatorUrls(config).internal}/amazon/sqs/${accountId}/${queueName}`,
    region,
    accessKeyId,
    secretAccessKey,
    arn: simQueueArn(queueName),
  };
}

/**
 * One connector per marketplace: live when its credentials are configured, the simulator when
 * they are not and simulators are on, absent otherwise (the UI shows it as unavailable).
 */
export function createMarketplaceConnectors(
  config: Config,
  http: Partial<MarketHttpOptions> = {},
): Connectors {
  const sim = simulatorsEnabled(config) ? simulatorUrls(config) : null;
  const connectors: Connectors = {};

  if (config.AMAZON_LWA_CLIENT_ID && config.AMAZON_LWA_CLIENT_SECRET && config.AMAZON_APP_ID) {
    connectors.amazon = createAmazonConnector(
      {
        clientId: config.AMAZON_LWA_CLIENT_ID,
        clientSecret: config.AMAZON_LWA_CLIENT_SECRET,
        appId: config.AMAZON_APP_ID,
        beta: config.AMAZON_APP_BETA,
        lwaTokenUrl: 'https://api.amazon.com/auth/o2/token',
        consentOrigin: (site: MarketSiteInfo) =>
          `https://${SELLER_CENTRAL[site.code] ?? 'sellercentral-europe.amazon.com'}`,
        apiOrigin: (region) => AMAZON_API[region] ?? AMAZON_API.NA!,
        sandbox: false,
        notificationsArn: amazonNotificationQueue(config)?.arn,
      },
      http,
    );
  } else if (sim) {
    connectors.amazon = createAmazonConnector(
      {
        ...SIM_AMAZON_DEFAULTS,
        beta: false,
        lwaTokenUrl: `${sim.internal}/amazon/auth/o2/token`,
        consentOrigin: () => `${sim.public}/amazon`,
        apiOrigin: () => `${sim.internal}/amazon`,
        sandbox: true,
        notificationsArn: amazonNotificationQueue(config)?.arn,
      },
      http,
    );
  }

  if (config.SHOPIFY_API_KEY && config.SHOPIFY_API_SECRET) {
    connectors.shopify = createShopifyConnector(
      {
        apiKey: config.SHOPIFY_API_KEY,
        apiSecret: config.SHOPIFY_API_SECRET,
        scopes: SHOPIFY_SCOPES,
        apiVersion: config.SHOPIFY_API_VERSION ?? SHOPIFY_API_VERSION,
        shopOrigin: (shop) => `https://${shop}`,
        shopPublicOrigin: (shop) => `https://${shop}`,
        sandbox: false,
      },
      http,
    );
  } else if (sim) {
    connectors.shopify = createShopifyConnector(
      {
        ...SIM_SHOPIFY_DEFAULTS,
        scopes: SHOPIFY_SCOPES,
        apiVersion: config.SHOPIFY_API_VERSION ?? SHOPIFY_API_VERSION,
        shopOrigin: (shop) => `${sim.internal}/shopify/${shop}`,
        shopPublicOrigin: (shop) => `${sim.public}/shopify/${shop}`,
        sandbox: true,
      },
      http,
    );
  }

  const shopeeHosts = {
    GLOBAL: config.SHOPEE_API_URL,
    BR: config.SHOPEE_API_URL_BR,
    CN: config.SHOPEE_API_URL_CN,
  };
  if (config.SHOPEE_PARTNER_ID && config.SHOPEE_PARTNER_KEY) {
    connectors.shopee = createShopeeConnector(
      {
        partnerId: config.SHOPEE_PARTNER_ID,
        partnerKey: config.SHOPEE_PARTNER_KEY,
        apiOrigin: (host) => shopeeHosts[host],
        publicOrigin: (host) => shopeeHosts[host],
        sandbox: false,
      },
      http,
    );
  } else if (sim) {
    connectors.shopee = createShopeeConnector(
      {
        ...SIM_SHOPEE_DEFAULTS,
        // The simulator serves every region's shops on one host.
        apiOrigin: () => `${sim.internal}/shopee`,
        publicOrigin: () => `${sim.public}/shopee`,
        sandbox: true,
      },
      http,
    );
  }

  if (config.TEMU_APP_KEY && config.TEMU_APP_SECRET) {
    connectors.temu = createTemuConnector(
      {
        appKey: config.TEMU_APP_KEY,
        appSecret: config.TEMU_APP_SECRET,
        gatewayUrl: (region) => TEMU_GATEWAYS[region] ?? TEMU_GATEWAYS.US!,
        authorizePageUrl: (site, mode) =>
          (mode === 'cross_border'
            ? TEMU_AGENT_SELLER_CENTER[site.region]
            : TEMU_SELLER_CENTER[site.region]) ?? TEMU_SELLER_CENTER.US!,
        sandbox: false,
      },
      http,
    );
  } else if (sim) {
    connectors.temu = createTemuConnector(
      {
        ...SIM_TEMU_DEFAULTS,
        gatewayUrl: () => `${sim.internal}/temu/openapi/router`,
        authorizePageUrl: () => `${sim.public}/temu/authorize`,
        sandbox: true,
      },
      http,
    );
  }

  return connectors;
}
