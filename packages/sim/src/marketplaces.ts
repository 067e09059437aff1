import { createAmazonSimulator } from './amazon/server.ts';
import { sendJson, type OrderPace, type SimHandler } from './http.ts';
import type { MarketSimOptions, MarketSimulator } from './market.ts';
import { createShopeeSimulator } from './shopee/server.ts';
import { createShopifySimulator, shopifyPlanThrottle, type ShopifyPlan } from './shopify/server.ts';
import type { Deliver } from './shopify/webhooks.ts';
import { createTemuSimulator } from './temu/server.ts';

export const MARKETPLACE_SIMULATORS = {
  amazon: createAmazonSimulator,
  shopify: createShopifySimulator,
  shopee: createShopeeSimulator,
  temu: createTemuSimulator,
} as const satisfies Record<string, (options: MarketSimOptions) => MarketSimulator>;

export type MarketplaceSimulatorName = keyof typeof MARKETPLACE_SIMULATORS;

/** Every marketplace simulator, each under `<basePath>/<name>`, sharing one clock, state dir and order pace. */
export function createMarketplaceSimulators(
  options: {
    basePath?: string;
    publicUrl?: string;
    now?: () => Date;
    stateDir?: string;
    stepSeconds?: number;
    /** The plan whose query-cost bucket the Shopify simulator keeps (default Standard). */
    shopifyPlan?: ShopifyPlan;
    orders?: OrderPace;
    /** How Shopify's webhooks reach their subscriber (`fetch` by default). */
    deliverWebhook?: Deliver;
  } = {},
): Record<MarketplaceSimulatorName, MarketSimulator> {
  const base = (options.basePath ?? '').replace(/\/$/, '');
  const entries = Object.entries(MARKETPLACE_SIMULATORS).map(([name, create]) => [
    name,
    create({
      basePath: `${base}/${name}`,
      publicUrl: options.publicUrl ? `${options.publicUrl.replace(/\/$/, '')}/${name}` : undefined,
      now: options.now,
      orders: options.orders,
      stateFile: options.stateDir ? `${options.stateDir}/${name}.json` : undefined,
      stepSeconds: options.stepSeconds,
      ...(name === 'shopify' && options.shopifyPlan
        ? { throttle: shopifyPlanThrottle(options.shopifyPlan) }
        : {}),
      ...(name === 'shopify' && options.deliverWebhook
        ? { deliverWebhook: options.deliverWebhook }
        : {}),
    }),
  ]);
  return Object.fromEntries(entries) as Record<MarketplaceSimulatorName, MarketSimulator>;
}

/** One handler for all simulators created with the same basePath: each answers its own prefix. */
export function combineSimulators(
  simulators: Record<string, SimHandler>,
  basePath = '',
): SimHandler {
  const base = basePath.replace(/\/$/, '');
  const routes = Object.entries(simulators).map(([name, sim]) => [`${base}/${name}`, sim] as const);
  return {
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0]!;
      const hit = routes.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
      if (hit) hit[1].handle(req, res);
      else sendJson(res, 404, { error: `No simulator at ${path}` });
    },
  };
}
