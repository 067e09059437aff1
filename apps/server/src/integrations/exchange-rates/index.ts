import type { Config } from '../../config.ts';
import { simulatorsEnabled, simulatorUrls } from '../marketplaces/index.ts';
import { createEcbRateSource } from './ecb.ts';
import type { RateSource } from './source.ts';

export { createEcbRateSource, parseEcbDaily } from './ecb.ts';
export { RateSourceError, type PublishedRates, type RateSource } from './source.ts';

/**
 * The rate sources by the name `exchange_rate.source` gives: the ECB at `ECB_RATES_URL`, else
 * the ECB's own site, or while simulators are on the ECB simulator under `/__sim/ecb`.
 */
export function createRateSources(
  config: Config,
  http: { fetch?: typeof fetch } = {},
): Record<'ecb', RateSource> {
  const url =
    config.ECB_RATES_URL ??
    (simulatorsEnabled(config)
      ? `${simulatorUrls(config).internal}/ecb`
      : 'https://www.ecb.europa.eu');
  return { ecb: createEcbRateSource({ ...http, url }) };
}
