import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  combineSimulators,
  createAlipaySimulator,
  createKuaidi100Simulator,
  createMarketplaceSimulators,
  createTranslateSimulator,
} from '@app/sim';
import type { Config } from '../config.ts';

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
      }),
      // The default Translator outside production (LibreTranslate protocol).
      translate: createTranslateSimulator({ basePath: `${SIM_PREFIX}/translate` }),
      // The default TrackingProvider outside production (Kuaidi100's query protocol).
      kuaidi100: createKuaidi100Simulator({
        basePath: `${SIM_PREFIX}/kuaidi100`,
        stepSeconds: config.TRACKING_SIM_STEP_SECONDS,
      }),
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
