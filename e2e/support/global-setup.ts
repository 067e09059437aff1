import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[];
    captcha: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CAPTCHA = 'e2e-pass';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  // Generous: the lanes of `npm test` all start at once, and seeding the demo (images) is heavy.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in 180 s');
}

/** One built product (as `npm start` runs it) on a free port with a throw-away data dir. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEMO: '1',
      // The simulators' plain 30 days of orders and no story: the tests expect today's demo
      // orders and sync the stores themselves, and each worker starts a server.
      DEMO_STORY: 'off',
      // Registering and logging in hundreds of users at the real scrypt cost (~350 ms each) took
      // most of this server's CPU; the cost itself is checked by the server's unit tests.
      PASSWORD_HASH_COST: '10',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_CAPTCHA_ANSWER: CAPTCHA,
      LOG_LEVEL: 'warn',
      // The carrier simulator scans a parcel every 2 s instead of every minute, so the loop
      // test sees a delivery within a tracking poll.
      TRACKING_SIM_STEP_SECONDS: '2',
      // The minute sweeps (shipment pushes, tracking polls) every 5 s: the loop test otherwise
      // waited most of its three minutes for them.
      JOB_SWEEP_SECONDS: '5',
      // The Shopify simulator keeps a Plus shop's cost bucket: a first sync of the demo shop
      // waited 30 s for Standard's 100 points a second (the throttle is tested in packages/sim).
      SHOPIFY_SIM_PLAN: 'plus',
      // Every browser signs in from 127.0.0.1: a worker's files passed the 20 sign-ins a
      // minute one IP may make, and a login page answered 429 instead of the home page.
      AUTH_IP_LIMIT_SCALE: '10',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child);
  return {
    baseURL,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A shutdown takes a second or two; one that hangs must not hold the run's end.
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server per worker (support/target.ts picks its own): files run side by side, each on demo
 * data only its worker changes, as they did one after another on one server. Most of a browser
 * step is waiting (on the page, the server, a simulator), so two workers take about half the time.
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.globalConfig.maxWorkers) || 1;
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide(
    'baseURLs',
    servers.map((s) => s.baseURL),
  );
  project.provide('captcha', CAPTCHA);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
