import { startSimulator, type RunningSimulator, type SimHandler } from '../http.ts';

/** Path of the ECB's daily reference rates (euro foreign exchange reference rates). */
export const ECB_DAILY_PATH = '/stats/eurofxref/eurofxref-daily.xml';

/** Units of each currency per euro on the simulator's fixed day: the ECB's figures of a real day. */
export const SIM_ECB_RATES: Record<string, string> = {
  USD: '1.0850',
  JPY: '162.50',
  GBP: '0.8550',
  CNY: '7.8000',
  AUD: '1.6500',
  CAD: '1.4800',
  HKD: '8.4800',
  SGD: '1.4600',
  MXN: '18.500',
  BRL: '5.4000',
  PLN: '4.3000',
  SEK: '11.500',
  TRY: '35.000',
  KRW: '1450.00',
  THB: '39.000',
  MYR: '5.1000',
  PHP: '62.000',
  IDR: '17000.00',
  INR: '90.000',
};

export interface EcbSimOptions {
  /** Mount prefix, e.g. `/__sim/ecb`; empty when the simulator has its own port. */
  basePath?: string;
  /** The rates to publish (units per euro); the fixed day's by default. */
  rates?: Record<string, string>;
  /** The publication day, `YYYY-MM-DD`; today by default. */
  day?: () => string;
}

export interface EcbSimulator extends SimHandler {
  /** Publishes other rates, as the ECB does each working day. */
  setRates(rates: Record<string, string>): void;
  stats: { requests: number };
}

/**
 * The ECB's daily reference-rate file in its real format (gesmes envelope, one `Cube` per
 * currency with `currency` and `rate` attributes, quoted per euro).
 */
export function createEcbSimulator(options: EcbSimOptions = {}): EcbSimulator {
  const base = options.basePath ?? '';
  let rates = { ...(options.rates ?? SIM_ECB_RATES) };
  const day = options.day ?? (() => new Date().toISOString().slice(0, 10));
  const stats = { requests: 0 };
  return {
    stats,
    setRates(next) {
      rates = { ...next };
    },
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method !== 'GET' || url.pathname !== `${base}${ECB_DAILY_PATH}`) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      stats.requests += 1;
      const cubes = Object.entries(rates)
        .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
        .join('\n');
      const body = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${day()}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`;
      res.writeHead(200, {
        'content-type': 'text/xml',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
  };
}

export function startEcbSimulator(
  options: Omit<EcbSimOptions, 'basePath'> = {},
): Promise<RunningSimulator & { sim: EcbSimulator }> {
  const sim = createEcbSimulator(options);
  return startSimulator(sim).then((running) => ({ ...running, sim }));
}
