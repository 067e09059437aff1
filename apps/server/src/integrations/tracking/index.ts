import { SIM_KUAIDI100_DEFAULTS } from '@app/sim';
import type { Config } from '../../config.ts';
import { simulatorsEnabled, simulatorUrls } from '../marketplaces/index.ts';
import { createKuaidi100 } from './kuaidi100.ts';
import type { TrackingProvider } from './provider.ts';

export { TrackingError, type Tracking, type TrackingProvider } from './provider.ts';

/**
 * The provider and how often one parcel is asked about: Kuaidi100 wants half an hour between
 * queries of a parcel; the simulator is asked as often as its parcels move.
 */
export function trackingDeps(
  config: Config,
): { provider: TrackingProvider; pollEverySeconds: number } | null {
  const provider = createTrackingProvider(config);
  if (!provider) return null;
  const live = Boolean(config.KUAIDI100_CUSTOMER && config.KUAIDI100_KEY);
  return { provider, pollEverySeconds: live ? 30 * 60 : config.TRACKING_SIM_STEP_SECONDS };
}

/**
 * Kuaidi100 with `KUAIDI100_CUSTOMER` and `KUAIDI100_KEY`, else while simulators are on its
 * simulator mounted under `/__sim/kuaidi100` with the simulator's account; null otherwise
 * (parcels are then not polled).
 */
export function createTrackingProvider(
  config: Config,
  http: { fetch?: typeof fetch } = {},
): TrackingProvider | null {
  if (config.KUAIDI100_CUSTOMER && config.KUAIDI100_KEY) {
    return createKuaidi100({
      ...http,
      url: config.KUAIDI100_URL ?? 'https://poll.kuaidi100.com',
      customer: config.KUAIDI100_CUSTOMER,
      key: config.KUAIDI100_KEY,
    });
  }
  if (!simulatorsEnabled(config)) return null;
  return createKuaidi100({
    ...http,
    url: config.KUAIDI100_URL ?? `${simulatorUrls(config).internal}/kuaidi100`,
    customer: SIM_KUAIDI100_DEFAULTS.customer,
    key: SIM_KUAIDI100_DEFAULTS.key,
  });
}
