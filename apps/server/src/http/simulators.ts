import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  combineSimulators,
  createAlipaySimulator,
  createEcbSimulator,
  createKuaidi100Simulator,
  createMarketplaceSimulators,
  createTranslateSimulator,
  type OrderPace,
} from '@app/sim';
import type { Config } from '../config.ts';
import { simulatorsEnabled } from '../integrations/marketplaces/index.ts';

export const SIM_PREFIX = '/__sim';

/**
 * Where the mounted simulators keep their state (created when missing); tests run many apps at
 * once, so theirs stay in memory.
 */
export function simulatorStateDir(config: Config): string | undefined {
  if (config.NODE_ENV === 'test') return undefined;
  const dir = path.join(config.DATA_DIR, 'sim');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** True when this start tells the demo's story (DEMO_STORY in the README). */
export function demoStoryOn(config: Config): boolean {
  return config.DEMO && config.DEMO_STORY === 'on' && simulatorsEnabled(config);
}

/**
 * The demo's order pace: 60 days of history at one order per three hours a store (480 each),
 * then one every five minutes from the demo's first start, which the state dir remembers so
 * a restart keeps the orders already placed.
 */
export function demoOrderPace(config: Config): OrderPace | undefined {
  if (!demoStoryOn(config)) return undefined;
  const dir = simulatorStateDir(config);
  let since = new Date();
  if (dir) {
    const file = path.join(dir, 'demo-clock.json');
    if (fs.existsSync(file)) {
      since = new Date((JSON.parse(fs.readFileSync(file, 'utf8')) as { since: string }).since);
    } else fs.writeFileSync(file, JSON.stringify({ since: since.toISOString() }));
  }
  return { historyDays: 60, historyEveryMinutes: 180, live: { since, everyMinutes: 5 } };
}

/**
 * Serves the marketplace simulators of `packages/sim` under `/__sim/*` on this server, so the
 * embedded default needs no second process: the connectors call them here and the seller's
 * browser opens their consent pages here. The simulators are plain Node handlers that read
 * the raw request stream, so this encapsulated scope has no body parsers and hands the raw
 * request and response over.
 */
export async function registerSimulators(app: FastifyInstance, config: Config): Promise<void> {
  const handler = combineSimulators(
    {
      ...createMarketplaceSimulators({
        basePath: SIM_PREFIX,
        stateDir: simulatorStateDir(config),
        // FBA inbound shipments advance at the pace simulated parcels do.
        stepSeconds: config.TRACKING_SIM_STEP_SECONDS,
        shopifyPlan: config.SHOPIFY_SIM_PLAN,
        orders: demoOrderPace(config),
      }),
      // The default Translator outside production (LibreTranslate protocol).
      translate: createTranslateSimulator({ basePath: `${SIM_PREFIX}/translate` }),
      // The default TrackingProvider outside production (Kuaidi100's query protocol).
      kuaidi100: createKuaidi100Simulator({
        basePath: `${SIM_PREFIX}/kuaidi100`,
        stepSeconds: config.TRACKING_SIM_STEP_SECONDS,
      }),
      // The exchange-rate refresh's default source outside production (the ECB's daily file).
      ecb: createEcbSimulator({ basePath: `${SIM_PREFIX}/ecb` }),
    },
    SIM_PREFIX,
  );
  // Alipay's gateway (the PaymentProvider's default without credentials); its notify timer
  // stops with the app.
  const alipayPrefix = `${SIM_PREFIX}/alipay`;
  const alipay = createAlipaySimulator({ basePath: alipayPrefix });
  app.addHook('onClose', async () => alipay.close());
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(
      `${SIM_PREFIX}/*`,
      {
        // The simulators stand in for other companies' sites: our CSP (form-action 'self') would
        // stop their consent forms from sending the browser back to the callback.
        config: { access: { auth: 'public' }, securityHeaders: false },
        schema: { hide: true },
      },
      (request, reply) => {
        reply.hijack();
        const target = request.url.startsWith(`${alipayPrefix}/`) ? alipay : handler;
        target.handle(request.raw, reply.raw);
      },
    );
  });
}
