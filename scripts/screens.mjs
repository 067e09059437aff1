#!/usr/bin/env node
/**
 * Walks every screen a seller meets in one language and reports text that is in the other one.
 *
 *   node scripts/screens.mjs --base http://127.0.0.1:9310 --lang zh-CN --out /tmp/screens/zh
 *   node scripts/screens.mjs --lang en --out /tmp/screens/en --only editor   (a few screens)
 *
 * Needs a running demo server (DEMO=1, DEV_CAPTCHA_ANSWER) and /usr/bin/chromium. It opens the
 * public pages, signs in as the demo seller, sets the language the way the header switch does
 * (localStorage `lang` plus POST /api/account/language), visits every page of the server menu
 * (hidden ones too), opens the main drawers and editors, and saves a full-page screenshot of
 * each. For zh-CN it lists visible text with three or more consecutive Latin letters that is not
 * a brand, a code or user data; for en it lists visible text with Chinese characters.
 * Exit code 1 when it found any.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:9310' },
    lang: { type: 'string', default: 'zh-CN' },
    out: { type: 'string', default: '/tmp/screens/zh' },
    email: { type: 'string', default: 'demo@example.com' },
    password: { type: 'string', default: 'Demo@123456' },
    captcha: { type: 'string', default: '1234' },
    /** Only the screens whose name matches this regular expression (e.g. `editor`). */
    only: { type: 'string', default: '' },
  },
});
const { base, lang, out } = args;
if (lang !== 'zh-CN' && lang !== 'en') throw new Error('--lang is zh-CN or en');
fs.mkdirSync(out, { recursive: true });

/** Words a zh-CN screen may show in Latin letters: brands, standards, codes and units. */
const ALLOWED = new Set(
  [
    'SKU',
    'SKUs',
    'SPU',
    'UPC',
    'EAN',
    'GTIN',
    'ASIN',
    'FNSKU',
    'Amazon',
    'Shopify',
    'Temu',
    'Shopee',
    'TikTok',
    'FBA',
    'FBM',
    'PDF',
    'Excel',
    'CSV',
    'XLSX',
    'ZIP',
    'PNG',
    'WebP',
    'GIF',
    'JPG',
    'JPEG',
    'SVG',
    'URL',
    'API',
    'Key',
    'Token',
    'Secret',
    'Alipay',
    'VIP',
    'DPI',
    'RGB',
    'CMYK',
    'HTML',
    'Logo',
    'DHL',
    'UPS',
    'USPS',
    'FedEx',
    'EMS',
    'SMS',
    'LibreTranslate',
    'Seller',
    'Hub',
    'Central',
    'Partner',
    'Open',
    'Platform',
    'Demo',
    'Boss',
    // The language switch names English in English, as language pickers do.
    'English',
    'Cookie',
  ].map((w) => w.toLowerCase()),
);
/** Upper-case codes: currencies, countries, sites (US, USD, GLOBAL). */
const CODE = /^[A-Z]{2,6}$/;
/** User data and codes, taken out of a text before its words are looked at. */
const DATA = [
  /\S+@\S+/g, // e-mails
  /https?:\/\/\S+|gid:\/\/\S+/g, // addresses
  /\b[\w-]+\.(com|cn|net|org|io|png|jpg|jpeg|pdf|xlsx|csv|zip|svg)\b/gi, // domains, files
  /\b[A-Z0-9]+(?:[-_][A-Z0-9]+)+\b/g, // SKU and order codes (DEMO-TEE-BLK-M)
  /\b\w*\d\w*\b/g, // anything with a digit (11oz, 4PX300…)
];

function offending(text) {
  // The language switch names Chinese in Chinese, as language pickers do.
  if (lang === 'en') return /[\u3400-\u9fff]/.test(text) && !['中文', '简体中文'].includes(text);
  const rest = DATA.reduce((t, re) => t.replace(re, ' '), text);
  // "SKU_序号" (a file name pattern) is the word SKU: a joiner at a word's end is not part of it.
  const words = (rest.match(/[A-Za-z][A-Za-z'_-]*/g) ?? []).map((w) => w.replace(/[_-]+$/, ''));
  return words.some(
    (word) => /[A-Za-z]{3,}/.test(word) && !ALLOWED.has(word.toLowerCase()) && !CODE.test(word),
  );
}

/* global document, NodeFilter, getComputedStyle -- visibleTexts runs in the page */

/** Visible text nodes, placeholders, titles and field values, each once. */
async function visibleTexts(page) {
  return page.evaluate(() => {
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script,style,noscript')) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      seen.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder],[title],img[alt],input,textarea')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0) continue;
      for (const attr of ['placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) seen.add(value);
      }
      // What fields show is text the reader meets too (colours, sizes, memos); a checkbox's or
      // radio's value is a code the page never shows (its label is the text node beside it).
      const shown = 'value' in el && !['hidden', 'checkbox', 'radio'].includes(el.type);
      const value = shown ? String(el.value).trim() : '';
      if (value) seen.add(value);
    }
    return [...seen];
  });
}

const report = new Map();
const shots = [];

async function capture(page, name) {
  // Lazy pages and their queries settle; spinners go away.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => {});
  await page.waitForTimeout(400);
  const file = path.join(out, `${String(shots.length + 1).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  shots.push(file);
  const bad = (await visibleTexts(page)).filter(offending);
  report.set(name, bad);
  process.stdout.write(`${name}: ${bad.length}\n`);
}

const only = new RegExp(args.only);

async function visit(page, url, name) {
  if (!only.test(name)) return;
  try {
    await page.goto(`${base}${url}`, { waitUntil: 'domcontentloaded' });
    await capture(page, name);
  } catch (error) {
    process.stdout.write(`${name}: failed (${error.message.split('\n')[0]})\n`);
  }
}

const slug = (url) => url.replace(/^\//, '').replace(/[/?=&]+/g, '_') || 'root';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const context = await browser.newContext({
  locale: lang,
  viewport: { width: 1440, height: 900 },
});
await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
const page = await context.newPage();

for (const url of [
  '/',
  '/vip',
  '/advantage',
  '/aboutus',
  '/help',
  '/privacy',
  '/products',
  '/design',
  '/login',
  '/login-h5',
  '/register',
  '/forget',
  '/404',
  '/403',
  '/500',
]) {
  await visit(page, url, `public-${slug(url)}`);
}

// Sign in through the API as the login form does, then hand the session to the page's store.
async function call(method, url, body, token) {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': lang,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.message}`);
  return envelope.data;
}

await page.goto(`${base}/login`);
await page.locator('input[type=password]').first().waitFor();
await page.locator('input#email, input[id$=email]').first().fill(args.email);
await page.locator('input[type=password]').first().fill(args.password);
await page.locator('input[id$=captcha]').first().fill(args.captcha);
await page.locator('button[type=submit]').first().click();
await page.waitForURL(/\/home\/index/, { timeout: 30_000 });
const token = await page.evaluate(
  () => JSON.parse(localStorage.getItem('seller-hub-auth') ?? '{}').state?.token,
);
await call('POST', '/account/language', { language: lang }, token);

const { menus } = await call('GET', '/get-menu', null, token);
const routes = menus.filter((m) => m.type === 1 && m.router && m.router !== '/my/logout');
for (const route of routes) await visit(page, route.router, `menu-${slug(route.router)}`);

// Detail pages, editors and drawers, opened on the demo's first records.
const first = async (method, url, body) => {
  try {
    const data = await call(method, url, method === 'GET' ? null : body, token);
    const list = Array.isArray(data) ? data : (data.list ?? data.items ?? data.data ?? []);
    return list[0]?.id ?? null;
  } catch {
    return null;
  }
};
const withQuery = (url, query) => `${url}?${new URLSearchParams(query)}`;
const parent = await first('POST', '/goods-library/index', { page: 1, size: 1 });
const finished = await first('GET', withQuery('/goods/index', { page: 1, size: 1 }));
// The demo has no listings: one is drafted from the first finished product on the Amazon store.
const amazon = (await call('POST', '/cw-order/get-market-list', {}, token)).find(
  (m) => m.marketplace === 'amazon',
);
const listing =
  (await first('GET', withQuery('/publish/index', { page: 1, size: 1 }))) ??
  (finished && amazon
    ? (
        await call(
          'POST',
          '/publish/create',
          { market_id: amazon.id, goods_ids: [finished] },
          token,
        )
      ).ids[0]
    : null);
// Orders arrive by store sync (every 15 minutes); a fresh demo is synced now and waited for.
let order = await first('POST', '/cw-order/list', { page: 1, size: 1 });
if (!order) await call('POST', '/cw-order/synchro', {}, token);
for (let i = 0; !order && i < 30; i++) {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  order = await first('POST', '/cw-order/list', { page: 1, size: 1 });
}
if (parent) await visit(page, `/goods/productHouseDetail?id=${parent}`, 'detail-parent');
if (parent) await visit(page, `/goods/productHouseDetailG?id=${parent}`, 'detail-shared');
if (parent) await visit(page, `/productDetailMain?id=${parent}`, 'public-product-detail');
if (finished) await visit(page, `/goods/productHouseEdit?id=${finished}`, 'editor-finished');
// Each of the editor's four steps: the category step lists the product type's attributes.
for (const step of [0, 1, 2, 3]) {
  if (listing)
    await visit(
      page,
      `/goods/collectyunEdit?id=${listing}&step=${step}`,
      `editor-listing-${step + 1}`,
    );
}
// The category step again with a product type chosen (the mug: a number and enum attributes).
if (listing && only.test('editor-listing-2-attributes')) {
  try {
    await page.goto(`${base}/goods/collectyunEdit?id=${listing}&step=1`);
    await page.locator('.listings-category-tag', { hasText: 'MUG' }).first().click();
    await page.locator('[data-testid="step-category"] .listings-template-grid').waitFor();
    await capture(page, 'editor-listing-2-attributes');
  } catch (error) {
    process.stdout.write(`editor-listing-2-attributes: failed (${error.message.split('\n')[0]})\n`);
  }
}
if (order) await visit(page, `/newOrder?order=${order}`, 'drawer-order');

await browser.close();

let total = 0;
process.stdout.write(`\n${shots.length} screens in ${out}\n`);
for (const [name, bad] of report) {
  if (bad.length === 0) continue;
  total += bad.length;
  process.stdout.write(`\n${name}\n${bad.map((t) => `  ${JSON.stringify(t)}`).join('\n')}\n`);
}
process.stdout.write(
  `\n${total} strings on ${[...report.values()].filter((b) => b.length).length} screens\n`,
);
process.exitCode = total > 0 ? 1 : 0;
