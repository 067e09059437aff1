import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { MarketListingsPage, SHOPEE } from '../pages/market-listings-page.ts';
import { StoresPage } from '../pages/stores-page.ts';
import { api, apiLogin } from '../support/api.ts';
import { ShopeeShop } from '../support/sim-shops.ts';
import { baseURL, captcha } from '../support/target.ts';

const SHOTS = '/tmp/shots';
const DEMO = { email: 'demo@example.com', password: 'Demo@123456' };
/** A leaf of the simulator's tree that requires Material. */
const CATEGORY = { path: ['Women Clothes', 'Tops'], id: '100012' };
/** A shop no other file authorizes (stores.e2e takes Malaysia, the demo Singapore). */
const SITE = { name: 'Philippines', region: 'PH' };

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

interface Row {
  id: number;
  title: string;
  status: string;
  parent_sku: string;
}
interface Shown {
  id: number;
  remote_id: string;
  title: string;
  is_variation: boolean;
  variation_theme: string;
  parent_sku: string;
  show_variation_theme: string[];
  items: Array<{ id: number; sku: string; price_minor: number; quantity: number }>;
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await snap(session.page, 'shopee-failed');
  await session.close();
});

it('authorizes a Shopee shop, publishes a product to it through "Publish to…", edits, takes down and deletes it, synchronises the shop and batch-publishes 50', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(DEMO.email, DEMO.password, captcha);
  await page.waitForURL(/\/home\/index$/);

  const alias = 'E2E Shopee PH';
  const stores = new StoresPage(page, baseURL);
  await stores.goto();
  await stores.openAuthorizeDialog();
  await stores.fillAuthorizeDialog({ marketplace: 'Shopee', site: SITE.name, alias });
  await stores.continueToConsent('Shopee');
  await stores.consent({ option: SITE.region });
  await stores.row(alias).waitFor();
  const shop = await ShopeeShop.open(SITE.region);

  const token = await apiLogin(DEMO.email, DEMO.password);
  const { list: mine } = await api<{ list: Array<{ id: number; alias: string }> }>(
    token,
    'GET',
    '/shopee/goods/get-market',
  );
  const store = mine.find((s) => s.alias === alias)!;
  expect(store, JSON.stringify(mine)).toBeDefined();
  const products = await api<{ list: { id: number; title: string }[] }>(
    token,
    'POST',
    '/goods/goods-index',
    { page: 1, size: 50 },
  );
  const product = products.list[0]!;

  const shopee = new MarketListingsPage(page, baseURL, SHOPEE);
  await shopee.publishFromCollect(product.title, alias);
  await shopee.chooseCategory(CATEGORY.path);
  await shopee.choose(shopee.editor(), 'Material', 'Cotton');
  await shopee.field('Description').fill('A soft cushion cover, printed to order.');
  const stock = shopee.stockInputs();
  for (let i = 0; i < (await stock.count()); i++) await stock.nth(i).fill('7');
  await snap(page, 'shopee-editor-en');
  await shopee.saveAndPublish();
  expect(await shopee.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopee.closeBatch();

  const listed = await api<{ list: Row[] }>(
    token,
    'GET',
    `/shopee/goods/index?market_id=${store.id}&keyword=${encodeURIComponent(product.title)}`,
  );
  const listing = listed.list.find((l) => l.status === 'published')!;
  expect(listing, JSON.stringify(listed.list)).toBeDefined();
  const shown = await api<Shown>(token, 'GET', `/shopee/goods/show?id=${listing.id}`);
  const live = () =>
    shop.items().then((items) => items.find((i) => String(i.item_id) === shown.remote_id));
  expect(await live()).toMatchObject({ item_name: listing.title, item_status: 'NORMAL' });
  expect((await live())!.stock_info_v2.summary_info.total_available_stock).toBe(
    7 * shown.items.length,
  );

  // Edit: a new title and stock, saved and published again, reach the same Shopee item.
  await shopee.goto(`?market_id=${store.id}`);
  const row = shopee.row(listing.title).first();
  await row.getByText('Published').waitFor();
  await snap(page, 'shopee-list-en');
  await row.getByRole('button', { name: 'Edit' }).click();
  await shopee.editorLoaded();
  const title = `${listing.title.slice(0, 80)} (edited)`;
  await shopee.field('Title').fill(title);
  for (let i = 0; i < (await stock.count()); i++) await stock.nth(i).fill('5');
  await shopee.saveAndPublish();
  expect(await shopee.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopee.closeBatch();
  await expect.poll(async () => (await live())?.item_name).toBe(title);
  expect((await live())!.stock_info_v2.summary_info.total_available_stock).toBe(
    5 * shown.items.length,
  );

  const edited = shopee.row(title).first();
  await edited.getByRole('button', { name: 'Take down' }).click();
  await shopee.confirm('Take down');
  expect(await shopee.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopee.closeBatch();
  expect((await live())!.item_status).toBe('UNLIST');

  await edited.getByRole('button', { name: 'Delete' }).click();
  await shopee.confirm('Delete');
  expect(await shopee.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await shopee.closeBatch();
  // Deleting removes the listing here and the item on Shopee (delete_item), so a
  // synchronisation does not bring it back (the delete hint says so).
  expect(await live()).toBeUndefined();
  const gone = await shop.items(['SELLER_DELETE']);
  expect(gone.map((i) => String(i.item_id))).toContain(shown.remote_id);
  const after = await api<{ list: Row[] }>(
    token,
    'GET',
    `/shopee/goods/index?market_id=${store.id}`,
  );
  expect(after.list.map((l) => l.id)).not.toContain(listing.id);

  // Synchronisation: an item the seller made in Seller Centre comes into the list.
  const made = `Seller Centre cable ${Date.now().toString(36)}`;
  const itemId = await shop.addItem(made, `SC-${Date.now().toString(36)}`);
  await shopee.goto(`?market_id=${store.id}`);
  await page.getByRole('button', { name: 'Synchronise items' }).click();
  await page.getByText(/^Pulled \d+ items: [1-9]\d* new/).waitFor();
  const pulled = shopee.row(made).first();
  await pulled.waitFor();
  expect(await pulled.innerText()).toContain(String(itemId));
  await snap(page, 'shopee-synchronised-en');

  // Batch: 50 drafts made ready through the API (what the editor saved above, 50 times), then
  // published together from the list with its progress bar.
  const tag = `b${Date.now().toString(36)}`;
  const ids: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { ids: made } = await api<{ ids: number[] }>(token, 'POST', '/shopee/goods/create', {
      market_id: store.id,
      goods_ids: [products.list[i % products.list.length]!.id],
    });
    ids.push(...made);
  }
  const { list: drafts } = await api<{ list: Shown[] }>(token, 'POST', '/shopee/goods/show-all', {
    ids,
  });
  const template = await api<{
    attributes: Array<{ name: string; required: boolean; options?: string[] }>;
  }>(token, 'GET', `/shopee/goods/get-attribute?market_id=${store.id}&category_id=${CATEGORY.id}`);
  const required = Object.fromEntries(
    template.attributes.filter((a) => a.required).map((a) => [a.name, a.options![0]!]),
  );
  const saved = await api<{ results: Array<{ ok: boolean }> }>(
    token,
    'POST',
    '/shopee/goods/update/step-all',
    {
      list: drafts.map((d) => ({
        id: d.id,
        category: { market_category_id: CATEGORY.id, attributes: required },
        step3: {
          is_variation: d.is_variation,
          variation_theme: d.variation_theme,
          parent_sku: d.parent_sku,
          show_variation_theme: d.show_variation_theme,
          items: d.items.map((item) => ({ ...item, quantity: 3 })),
        },
        step4: { title: `${d.title.slice(0, 60)} ${tag}`, describe: 'Printed to order.' },
      })),
    },
  );
  expect(
    saved.results.every((r) => r.ok),
    JSON.stringify(saved.results),
  ).toBe(true);

  await shopee.goto(`?market_id=${store.id}&status=draft&keyword=${tag}&size=50`);
  await shopee.row(tag).first().waitFor();
  await shopee.selectPage();
  await page.getByText('50 selected').waitFor();
  await shopee.batchAction('Publish');
  await shopee.progress().first().waitFor();
  await snap(page, 'shopee-batch-progress-en');
  expect(await shopee.batchFinished(180_000)).toBe('Finished: 50 succeeded, 0 failed');
  await snap(page, 'shopee-batch-done-en');
  await shopee.closeBatch();
  const onShopee = await shop.items(['NORMAL']);
  expect(onShopee.filter((i) => i.item_name.endsWith(tag))).toHaveLength(50);
}, 400_000);
