import {
  combineSimulators,
  createKuaidi100Simulator,
  createMarketplaceSimulators,
  createTranslateSimulator,
  SIM_S3_DEFAULTS,
  startAlipaySimulator,
  startS3Simulator,
  startSimulator,
  startTranslateSimulator,
} from './index.ts';

/**
 * `npm run sim [name...]`: starts the simulators standalone (all when none is named), each on
 * its own port, and prints the environment that points the server at them.
 */
interface Simulator {
  defaultPort: number;
  start(port: number): Promise<{ url: string; env: Record<string, string> }>;
}

const simulators: Record<string, Simulator> = {
  s3: {
    defaultPort: 9100,
    async start(port) {
      const { url } = await startS3Simulator({ port, host: process.env.SIM_HOST ?? '127.0.0.1' });
      return {
        url,
        env: {
          S3_ENDPOINT: url,
          S3_REGION: SIM_S3_DEFAULTS.region,
          S3_BUCKET: SIM_S3_DEFAULTS.bucket,
          S3_ACCESS_KEY_ID: SIM_S3_DEFAULTS.accessKeyId,
          S3_SECRET_ACCESS_KEY: SIM_S3_DEFAULTS.secretAccessKey,
          S3_FORCE_PATH_STYLE: '1',
        },
      };
    },
  },
  marketplaces: {
    defaultPort: 9101,
    async start(port) {
      const host = process.env.SIM_HOST ?? '127.0.0.1';
      const publicUrl = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/__sim`;
      const sims = {
        ...createMarketplaceSimulators({ basePath: '/__sim', publicUrl }),
        // The server's default translator is `<SIM_BASE_URL>/translate`.
        translate: createTranslateSimulator({ basePath: '/__sim/translate' }),
        // And its default carrier tracking `<SIM_BASE_URL>/kuaidi100`.
        kuaidi100: createKuaidi100Simulator({ basePath: '/__sim/kuaidi100' }),
      };
      const { url } = await startSimulator(combineSimulators(sims, '/__sim'), { port, host });
      return { url, env: { SIM_BASE_URL: `${url}/__sim`, MARKETPLACE_SIM: 'on' } };
    },
  },
  alipay: {
    defaultPort: 9102,
    async start(port) {
      const { url, gateway } = await startAlipaySimulator({
        port,
        host: process.env.SIM_HOST ?? '127.0.0.1',
      });
      // The server takes the simulator's test keys by default while simulators are on.
      return { url, env: { ALIPAY_GATEWAY: gateway } };
    },
  },
  translate: {
    defaultPort: 9103,
    async start(port) {
      const { url } = await startTranslateSimulator({
        port,
        host: process.env.SIM_HOST ?? '127.0.0.1',
      });
      return { url, env: { TRANSLATOR: 'libretranslate', TRANSLATOR_URL: url } };
    },
  },
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in simulators));
if (unknown.length) {
  console.error(
    `Unknown simulator: ${unknown.join(', ')} (known: ${Object.keys(simulators).join(', ')})`,
  );
  process.exit(1);
}
for (const name of names.length ? names : Object.keys(simulators)) {
  const sim = simulators[name]!;
  const port = Number(process.env[`SIM_${name.toUpperCase()}_PORT`] ?? sim.defaultPort);
  const { url, env } = await sim.start(port);
  console.log(`${name} simulator at ${url}; point the server at it with:`);
  for (const [k, v] of Object.entries(env)) console.log(`  ${k}=${v}`);
}
