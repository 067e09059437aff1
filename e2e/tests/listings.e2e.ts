import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ListingsPage } from '../pages/listings-page.ts';
import { api, apiLogin, authorizeAmazon } from '../support/api.ts';
import { baseURL, captcha } from '../support/target.ts';

const SHOTS = '/tmp/shots';
const DEMO = { email: 'demo@example.com', password: 'Demo@123456' };

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A UPC-A code with its GS1 check digit. */
function upc(body: number): string {
  const digits = String(body).padStart(11, '0');
  let sum = 0;
  for (let i = 0; i < 11; i += 1) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A 1200 px PNG with a white border: what Amazon wants as the main image. */
async function whitePng(): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp({
    create: { width: 1200, height: 1200, channels: 3, background: '#ffffff' },
  })
    .composite([
      {
        input: {
          create: { width: 600, height: 600, channels: 3, background: '#3355aa' },
        },
        top: 300,
        left: 300,
      },
    ])
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

interface FinishedSku {
  id: number;
  parentSkuId: number | null;
  skuCode: string;
  color: string;
  size: string;
  priceMinor: number;
  image: string | null;
}
interface FinishedProduct {
  id: number;
  title: string;
  tags: string[];
  skus: FinishedSku[];
  images: { url: string; kind: 'image' | 'mockup'; color: string }[];
}

/**
 * The seller's groundwork on other screens: a T-shirt of their own with a studio photo, UPC
 * codes, a pricing template and text templates (the title one carrying a brand name Amazon
 * refuses).
 */
async function prepare(token: string, tag: string) {
  const products = await api<{ list: { id: number; title: string }[] }>(
    token,
    'POST',
    '/goods/goods-index',
    { page: 1, size: 50 },
  );
  const tee = products.list.find((p) => p.title.includes('T恤')) ?? products.list[0]!;
  const copy = await api<FinishedProduct>(token, 'POST', '/goods/duplicate', { id: tee.id });
  const form = new FormData();
  form.append('file', await whitePng(), 'studio.png');
  const upload = await fetch(`${baseURL}/api/common/upload-single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { data: photo } = (await upload.json()) as { data: { url: string } };
  const title = `Organic cotton tee ${tag}`;
  await api(token, 'POST', '/goods/update', {
    id: copy.id,
    title,
    tags: copy.tags,
    skus: copy.skus.map((s) => ({
      id: s.id,
      ...(s.parentSkuId === null ? {} : { parent_sku_id: s.parentSkuId }),
      sku_code: s.skuCode,
      color: s.color,
      size: s.size,
      price_minor: s.priceMinor,
      image: s.image,
    })),
    images: [{ url: photo.url, kind: 'image', color: '' }, ...copy.images],
  });
  const seed = 70_000_000_000 + Math.floor(Math.random() * 900_000) * 10_000;
  await api(token, 'POST', '/upc/import', {
    codes: Array.from({ length: 10 }, (_, i) => upc(seed + i)),
  });
  await api(token, 'POST', '/pricingTemplate/store', {
    name: `US retail ${tag}`,
    shipping_minor: 1000,
    fixed_fee_minor: 0,
    margin_bp: 3000,
    fee_rate_bp: 1500,
    rounding: 'end99',
  });
  await api(token, 'POST', '/template/goods-item/create', {
    name: `Tee title ${tag}`,
    content: '{brand} {title} Nike fit',
  });
  await api(token, 'POST', '/template/five-point-describe/create', {
    name: `Tee bullets ${tag}`,
    content: 'Soft organic cotton\nRegular fit\nMachine washable',
  });
  await api(token, 'POST', '/template/describe/create', {
    name: `Tee description ${tag}`,
    content: 'A {title} in {color}, cut for everyday wear.',
  });
  return { title };
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('lists a finished product on Amazon from templates, fixes a forbidden word, publishes it and takes it down', async () => {
  const tag = Date.now().toString(36);
  const { title } = await prepare(await apiLogin(DEMO.email, DEMO.password), tag);
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(DEMO.email, DEMO.password, captcha);
  await page.waitForURL(/\/home\/index$/);

  const listings = new ListingsPage(page, baseURL);
  await listings.listFromCollect(title, {
    store: '亚马逊美国站（演示）',
    pricing: `US retail ${tag}`,
    templates: {
      'Title template': `Tee title ${tag}`,
      'Bullet point template': `Tee bullets ${tag}`,
      'Description template': `Tee description ${tag}`,
    },
  });
  // Errors remain (no brand, no product type), so publishing waits.
  await expect.poll(() => listings.publishButton().isDisabled(), { timeout: 15_000 }).toBe(true);
  await listings
    .compliance()
    .getByText(/errors$/)
    .waitFor();
  await snap(page, 'listings-editor-basics');

  await listings.fillBasics({ brand: 'Acme', manufacturer: 'Acme Apparel' });
  await listings.saveAndNext();
  await listings.chooseProductType('shirt', 'SHIRT');
  // Chosen by its name; the listing sends the code (unisex-adult).
  await listings.setAttribute('Department', 'Unisex Adult');
  await snap(page, 'listings-editor-category');
  await listings.saveAndNext();

  // The pricing template priced every child SKU in USD, ending in .99.
  await listings.priceInputs().first().waitFor();
  const prices = await listings
    .priceInputs()
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toMatch(/\.99$/);
  await listings.saveAndNext();

  // The title template wrote "Nike" into the title: flagged where it stands.
  await expect.poll(() => listings.titleMarks(), { timeout: 15_000 }).toEqual(['Nike']);
  expect(await listings.bullet(1).inputValue()).toBe('Soft organic cotton');
  await snap(page, 'listings-editor-content');
  await listings.titleInput().fill(`Acme ${title} regular fit`);
  await expect.poll(() => listings.titleMarks(), { timeout: 15_000 }).toEqual([]);
  await listings.save();

  await expect.poll(() => listings.publishButton().isDisabled(), { timeout: 15_000 }).toBe(false);
  expect(await listings.publish()).toMatch(/Finished: 1 succeeded, 0 failed/);
  await snap(page, 'listings-published');
  await listings.closeBatch();
  await expect.poll(() => listings.statusTag().innerText()).toBe('Published');
  await page.getByText(/^ASIN: /).waitFor();

  await listings.gotoList();
  const row = listings.row(`Acme ${title} regular fit`);
  await row.waitFor();
  expect(await row.getByText('Published').count()).toBe(1);
  expect(await listings.takeDown(`Acme ${title} regular fit`)).toMatch(/Finished: 1 succeeded/);
  await listings.closeBatch();
  await expect.poll(() => row.getByText('Taken down').count()).toBe(1);
  await snap(page, 'listings-list');

  // Copy it to two more sites of its region: Canada (same language) and Mexico (translated).
  const token = await apiLogin(DEMO.email, DEMO.password);
  await authorizeAmazon(token, 2, `Amazon CA ${tag}`);
  await authorizeAmazon(token, 3, `Amazon MX ${tag}`);
  await row.getByRole('button', { name: 'Copy to other sites' }).click();
  await page.waitForURL(/\/goods\/multistation\?id=\d+$/);
  for (const alias of [`Amazon CA ${tag}`, `Amazon MX ${tag}`]) {
    await page
      .getByRole('row', { name: new RegExp(alias) })
      .getByRole('checkbox')
      .check();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  const mxPrice = page.getByRole('spinbutton', { name: /^Site price MXN / }).first();
  await mxPrice.waitFor();
  expect(Number(await mxPrice.inputValue())).toBeGreaterThan(0);
  await snap(page, 'listings-multistation-prices');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('tab', { name: new RegExp(`Amazon MX ${tag}`) }).click();
  const mxTitle = page.getByRole('tabpanel').getByRole('textbox', { name: 'Title', exact: true });
  await expect.poll(() => mxTitle.inputValue()).toBe(`Acme Organic algodón tee ${tag} regular fit`);
  await snap(page, 'listings-multistation-texts');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create drafts' }).click();
  await page.getByText('2 drafts created').waitFor();
  const created = page.locator('.ant-list-item', { hasText: 'New' });
  expect(await created.count()).toBe(2);
  await snap(page, 'listings-multistation-done');
  // The site's name, not 'MX' alone: the tag (Date.now() in base 36) begins with 'mx' these years.
  await created.filter({ hasText: 'Amazon MX' }).getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(/\/goods\/collectyunEdit\?id=\d+$/);
}, 300_000);
