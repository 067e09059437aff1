import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ShopifyListingsPage } from '../pages/shopify-listings-page.ts';
import { api, apiLogin } from '../support/api.ts';
import { baseURL, captcha } from '../support/target.ts';

const SHOTS = '/tmp/shots';
const DEMO = { email: 'demo@example.com', password: 'Demo@123456' };
/** The Shopify simulator's app (packages/sim `SIM_SHOPIFY_DEFAULTS`), as the demo server uses it. */
const SIM_APP = {
  client_id: 'sim-shopify-api-key-0000000000000',
  client_secret: 'shpss_simulator_secret_not_for_real_use',
};

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Reads the shop as Shopify itself answers: a read-only token from the simulator's own OAuth
 * (consent approved, code exchanged), then an Admin GraphQL query by SKU.
 */
async function shopProducts(shop: string, sku: string) {
  const sim = `${baseURL}/__sim/shopify/${shop}/admin`;
  const consent = await fetch(
    `${sim}/oauth/authorize?${new URLSearchParams({
      client_id: SIM_APP.client_id,
      scope: 'read_products',
      redirect_uri: `${baseURL}/e2e-callback`,
      state: 'e2e',
      decision: 'approve',
    })}`,
    { redirect: 'manual' },
  );
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${sim}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...SIM_APP, code }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const answer = await fetch(`${sim}/api/2026-01/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': access_token },
    body: JSON.stringify({
      query: `query ($q: String) { products(first: 5, query: $q) { nodes {
        id title status vendor tags variants(first: 20) { nodes { sku inventoryQuantity barcode } }
      } } }`,
      variables: { q: `sku:${sku}` },
    }),
  });
  const body = (await answer.json()) as {
    data: {
      products: {
        nodes: Array<{
          id: string;
          title: string;
          status: string;
          vendor: string;
          tags: string[];
          variants: { nodes: Array<{ sku: string; inventoryQuantity: number; barcode: string }> };
        }>;
      };
    };
  };
  return body.data.products.nodes;
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('publishes a finished product to Shopify through "Publish to…", sees it live, takes it down and deletes it', async () => {
  const token = await apiLogin(DEMO.email, DEMO.password);
  const { list: stores } = await api<{ list: Array<{ alias: string; account: string }> }>(
    token,
    'GET',
    '/shopify/publish/get-market',
  );
  const shop = stores[0]!;
  const products = await api<{ list: { id: number; title: string }[] }>(
    token,
    'POST',
    '/goods/goods-index',
    { page: 1, size: 50 },
  );
  const product = products.list[0]!;

  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(DEMO.email, DEMO.password, captcha);
  await page.waitForURL(/\/home\/index$/);

  const shopify = new ShopifyListingsPage(page, baseURL);
  await shopify.publishFromCollect(product.title, shop.alias);
  const tag = `e2e-${Date.now().toString(36)}`;
  await shopify.field('Vendor').fill('Demo Studio');
  await shopify.field('Tags').fill(`tee, ${tag}`);
  const stock = shopify.stockInputs();
  for (let i = 0; i < (await stock.count()); i++) await stock.nth(i).fill('12');
  await snap(page, 'shopify-editor-en');
  await shopify.saveAndPublish();
  expect(await shopify.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopify.closeBatch();

  const id = Number(new URL(page.url()).searchParams.get('edit') ?? '0') || undefined;
  const listings = await api<{
    list: Array<{ id: number; title: string; status: string; parent_sku: string }>;
  }>(token, 'GET', `/shopify/publish/index?keyword=${encodeURIComponent(product.title)}`);
  const listing = listings.list.find((l) => l.status === 'published')!;
  expect(listing, JSON.stringify(listings.list)).toBeDefined();
  if (id) expect(listing.id).toBe(id);
  const shown = await api<{ items: Array<{ sku: string }>; remote_id: string }>(
    token,
    'GET',
    `/shopify/publish/show?id=${listing.id}`,
  );
  const [live] = await shopProducts(shop.account, shown.items[0]!.sku);
  expect(live).toMatchObject({ id: shown.remote_id, status: 'ACTIVE', vendor: 'Demo Studio' });
  expect(live!.tags).toContain(tag);
  expect(live!.variants.nodes.every((v) => v.inventoryQuantity === 12)).toBe(true);

  await page.goto(`${baseURL}/goods/shopifyyun?keyword=${encodeURIComponent(product.title)}`);
  const row = shopify.row(listing.title).first();
  await row.getByText('Published').waitFor();
  // Shopify's admin shows the product's number, not its API id (gid://shopify/Product/…).
  await row
    .getByText(`Product ID ${shown.remote_id.replace(/^.*\//, '')}`, { exact: true })
    .waitFor();
  expect(await row.getByText('gid://').count()).toBe(0);
  await snap(page, 'shopify-list-en');
  await row.getByRole('button', { name: 'Take down' }).click();
  await shopify.confirm('Take down');
  expect(await shopify.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopify.closeBatch();
  expect((await shopProducts(shop.account, shown.items[0]!.sku))[0]!.status).toBe('ARCHIVED');

  await row.getByRole('button', { name: 'Delete' }).click();
  await shopify.confirm('Delete');
  expect(await shopify.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopify.closeBatch();
  const after = await api<{ list: Array<{ id: number }> }>(
    token,
    'GET',
    `/shopify/publish/index?keyword=${encodeURIComponent(product.title)}`,
  );
  expect(after.list.map((l) => l.id)).not.toContain(listing.id);
});
