import { randomBytes } from 'node:crypto';
import {
  combineSimulators,
  createMarketplaceSimulators,
  startSimulator,
  type OrderPace,
  type WebhookDeliver,
} from '@app/sim';
import { createMarketplaceConnectors } from '../src/integrations/marketplaces/index.ts';
import { buildTestApp, type StartAppOptions, type TestApp } from './helper.ts';

const BASE_PATH = '/__sim';

/**
 * An order every 8 hours over 30 days (about 90 per shop rather than Amazon's 360): for tests
 * where the number does not matter, since each sync reads every order's items and address.
 */
export const FEWER_ORDERS: OrderPace = { historyDays: 30, historyEveryMinutes: 480 };

export interface SimHarness {
  /** The simulators themselves, for a test that seeds or inspects their state. */
  sims: ReturnType<typeof createMarketplaceSimulators>;
  /** What points an app's connectors at the simulators (and seals store credentials). */
  config: { SIM_BASE_URL: string; STORE_SECRET_KEY: string };
  /** A test app talking to the simulators; it closes with the harness. */
  app(
    options?: Omit<StartAppOptions, 'connectors'> & { sleep?: (ms: number) => Promise<void> },
  ): Promise<TestApp>;
  /** Closes the apps made by `app`, then the simulators. */
  close(): Promise<void>;
}

/**
 * The marketplace simulators on real HTTP under `/__sim`, started standalone as `npm run sim`
 * does, with a fresh store secret key. `now` is the simulators' clock.
 */
export async function startSimHarness(
  options: {
    now?: () => Date;
    orders?: OrderPace;
    /** Where Shopify's webhooks go; the app under test is not listening on a port. */
    deliverWebhook?: WebhookDeliver;
  } = {},
): Promise<SimHarness> {
  const sims = createMarketplaceSimulators({ basePath: BASE_PATH, ...options });
  const sim = await startSimulator(combineSimulators(sims, BASE_PATH));
  const config = {
    SIM_BASE_URL: `${sim.url}${BASE_PATH}`,
    STORE_SECRET_KEY: randomBytes(32).toString('hex'),
  };
  const apps: TestApp[] = [];
  return {
    sims,
    config,
    async app({ sleep, ...rest } = {}) {
      const t = await buildTestApp({
        ...rest,
        config: { ...config, ...rest.config },
        connectors: (appConfig) => createMarketplaceConnectors(appConfig, sleep ? { sleep } : {}),
      });
      apps.push(t);
      return t;
    },
    async close() {
      await Promise.all(apps.map((t) => t.close()));
      await sim.close();
    },
  };
}
