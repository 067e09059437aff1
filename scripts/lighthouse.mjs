import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, findChromium, root } from './lib.mjs';
import { api, demoToken, startServer, stopServer } from './bench-server.mjs';

// `npm run lighthouse`: Lighthouse's mobile preset (simulated slow 4G, 4x CPU) on the built product,
// cold cache, for /login, / and the order desk (signed in as the demo boss). Not part of `npm test`:
// one run takes about a minute. Lighthouse is installed on first use into node_modules/.cache
// (LIGHTHOUSE_VERSION, default 12: version 13 needs Node 22), so the project's lockfile does not carry it.
// `BASE_URL` measures a server that is already running instead of starting one.
// `LIGHTHOUSE_GUEST=1` measures every page as a visitor (the public site: /products, /vip, ...).
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/login,/,/newOrder').split(',');
const GUEST = process.env.LIGHTHOUSE_GUEST === '1';
const VERSION = process.env.LIGHTHOUSE_VERSION ?? '12';

function loadLighthouse() {
  const dir = path.join(root, 'node_modules/.cache/lighthouse');
  const require = createRequire(path.join(dir, 'package.json'));
  const resolve = () => pathToFileURL(require.resolve('lighthouse')).href;
  try {
    return resolve();
  } catch {
    console.log(`Installing lighthouse@${VERSION} into ${path.relative(root, dir)}...`);
    fs.mkdirSync(dir, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, `lighthouse@${VERSION}`],
      { stdio: 'inherit' },
    );
    return resolve();
  }
}

const chromium = findChromium();
if (!chromium) {
  console.log('No Chromium found (CHROMIUM_PATH or /usr/bin/chromium): Lighthouse skipped.');
  process.exit(1);
}
const lighthouseUrl = loadLighthouse();
const { default: lighthouse } = await import(lighthouseUrl);
const lhRequire = createRequire(new URL(lighthouseUrl));
const puppeteer = (await import(pathToFileURL(lhRequire.resolve('puppeteer-core')).href)).default;

let server = null;
let base = process.env.BASE_URL;
if (!base) {
  await buildIfStale();
  server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-')) });
  base = server.base;
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
/** Per page, each failed accessibility audit with the elements it names. */
const failures = {};
/** Per page, the layout shifts Lighthouse saw, with the element that moved most in each. */
const shifts = {};
try {
  const token = await demoToken(base);
  const user = await api(base, 'GET', '/api/common/get-user-info', null, token);
  const port = Number(new URL(browser.wsEndpoint()).port);
  for (const pagePath of PAGES) {
    const page = await browser.newPage();
    // A signed-in session lives in localStorage (auth-store); set it, then measure a cold load.
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate(
      (state) => localStorage.setItem('seller-hub-auth', JSON.stringify({ state, version: 0 })),
      GUEST || pagePath === '/login'
        ? {}
        : { username: user.email, token, expiry: user.expires_at, userInfo: user },
    );
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      base + pagePath,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    const { categories, audits } = result.lhr;
    const a11yFailures = categories.accessibility.auditRefs
      .map((ref) => audits[ref.id])
      .filter((audit) => audit.score === 0);
    failures[pagePath] = Object.fromEntries(
      a11yFailures.map((audit) => [
        audit.id,
        (audit.details?.items ?? []).map((item) => item.node?.selector ?? item.node?.snippet),
      ]),
    );
    // What moved, so a CLS figure comes with the elements to fix.
    shifts[pagePath] = (audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: +(item.score ?? 0).toFixed(3),
      node: item.node?.selector ?? item.node?.snippet,
    }));
    rows.push({
      page: GUEST ? `${pagePath} (visitor)` : pagePath,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      'FCP s': +(audits['first-contentful-paint'].numericValue / 1000).toFixed(1),
      'LCP s': +(audits['largest-contentful-paint'].numericValue / 1000).toFixed(1),
      'TBT ms': Math.round(audits['total-blocking-time'].numericValue),
      CLS: +audits['cumulative-layout-shift'].numericValue.toFixed(3),
      'KB transferred': Math.round(audits['total-byte-weight'].numericValue / 1024),
      'a11y failures': a11yFailures.map((audit) => audit.id).join(' '),
    });
    await page.close();
  }
} finally {
  await browser.close();
  if (server) await stopServer(server.child);
}
console.log('\nLighthouse, mobile preset, cold cache:');
console.table(rows);
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench-results/lighthouse.json'),
  JSON.stringify({ at: new Date().toISOString(), rows, failures, shifts }, null, 2),
);
