import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { MarketListingsPage, TEMU } from '../pages/market-listings-page.ts';
import { StoresPage } from '../pages/stores-page.ts';
import { api, apiLogin } from '../support/api.ts';
import { temuGoods } from '../support/sim-shops.ts';
import { baseURL, captcha } from '../support/target.ts';

const SHOTS = '/tmp/shots';
const DEMO = { email: 'demo@example.com', password: 'Demo@123456' };
/** A leaf of the simulator's tree whose template requires Material only. */
const CATEGORY = { path: ['Home & Kitchen', 'Kitchen Storage'], id: '24101' };

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
  if (task.result?.state === 'fail') await snap(session.page, 'temu-failed');
  await session.close();
});

it('authorizes a Temu store, publishes a product to it through "Publish to…", edits, takes down and deletes it, and batch-publishes 50', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(DEMO.email, DEMO.password, captcha);
  await page.waitForURL(/\/home\/index$/);

  // A mall of its own: this file's goods are the only ones the simulator holds for it.
  const mallId = `7${String(Date.now()).slice(-11)}`;
  const alias = `E2E Temu ${mallId.slice(-4)}`;
  const stores = new StoresPage(page, baseURL);
  await stores.goto();
  await stores.openAuthorizeDialog();
  await stores.fillAuthorizeDialog({ marketplace: 'Temu', alias });
  await stores.continueToConsent('Temu');
  await stores.consent({ account: mallId });
  await stores.row(alias).waitFor();

  const token = await apiLogin(DEMO.email, DEMO.password);
  const { list: mine } = await api<{ list: Array<{ id: number; alias: string }> }>(
    token,
    'GET',
    '/temu/publish/get-market',
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

  const temu = new MarketListingsPage(page, baseURL, TEMU);
  await temu.publishFromCollect(product.title, alias);
  await temu.chooseCategory(CATEGORY.path);
  await temu.choose(temu.editor(), 'Material', 'Cotton');
  await temu.field('Description').fill('A soft cushion cover, printed to order.');
  const stock = temu.stockInputs();
  for (let i = 0; i < (await stock.count()); i++) await stock.nth(i).fill('7');
  await snap(page, 'temu-editor-en');
  await temu.saveAndPublish();
  expect(await temu.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await temu.closeBatch();

  const listed = await api<{ list: Row[] }>(
    token,
    'GET',
    `/temu/publish/index?market_id=${store.id}&keyword=${encodeURIComponent(product.title)}`,
  );
  const listing = listed.list.find((l) => l.status === 'published')!;
  expect(listing, JSON.stringify(listed.list)).toBeDefined();
  const shown = await api<Shown>(token, 'GET', `/temu/publish/show?id=${listing.id}`);
  const live = () =>
    temuGoods(mallId).then((g) => g.find((x) => String(x.goodsId) === shown.remote_id));
  expect(await live()).toMatchObject({ goodsName: listing.title, status4VO: 1 });
  expect((await live())!.skuInfoList.map((s) => s.outSkuSn).sort()).toEqual(
    shown.items.map((i) => i.sku).sort(),
  );
  expect((await live())!.skuInfoList.every((s) => s.quantity === 7)).toBe(true);

  // Edit: a new title and stock, saved and published again, reach the same Temu goods.
  await temu.goto(`?market_id=${store.id}`);
  const row = temu.row(listing.title).first();
  await row.getByText('Published').waitFor();
  await snap(page, 'temu-list-en');
  await row.getByRole('button', { name: 'Edit' }).click();
  await temu.editorLoaded();
  const title = `${listing.title.slice(0, 80)} (edited)`;
  await temu.field('Title').fill(title);
  for (let i = 0; i < (await stock.count()); i++) await stock.nth(i).fill('5');
  await temu.saveAndPublish();
  expect(await temu.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await temu.closeBatch();
  await expect.poll(async () => (await live())?.goodsName).toBe(title);
  expect((await live())!.skuInfoList.every((s) => s.quantity === 5)).toBe(true);
  expect((await live())!.goodsId).toBe(Number(shown.remote_id));

  const edited = temu.row(title).first();
  await edited.getByRole('button', { name: 'Take down' }).click();
  await temu.confirm('Take down');
  expect(await temu.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await temu.closeBatch();
  expect((await live())!.status4VO).toBe(2);

  await edited.getByRole('button', { name: 'Delete' }).click();
  await temu.confirm('Delete');
  expect(await temu.batchFinished()).toBe('Finished: 1 succeeded, 0 failed');
  await temu.closeBatch();
  // Deleting removes the listing here and the goods on Temu (temu.local.goods.delete; the
  // delete hint says so): Temu lists them among the deleted ones.
  expect(await live()).toBeUndefined();
  const deleted = await temuGoods(mallId, true);
  expect(deleted.map((g) => String(g.goodsId))).toContain(shown.remote_id);
  const after = await api<{ list: Row[] }>(
    token,
    'GET',
    `/temu/publish/index?market_id=${store.id}`,
  );
  expect(after.list.map((l) => l.id)).not.toContain(listing.id);

  // Batch: 50 drafts made ready through the API (what the editor saved above, 50 times), then
  // published together from the list with its progress bar.
  const ids: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { ids: made } = await api<{ ids: number[] }>(token, 'POST', '/temu/publish/create', {
      market_id: store.id,
      goods_ids: [products.list[i % products.list.length]!.id],
    });
    ids.push(...made);
  }
  const { list: drafts } = await api<{ list: Shown[] }>(token, 'POST', '/temu/publish/show-all', {
    ids,
  });
  const template = await api<{
    attributes: Array<{ name: string; required: boolean; options?: string[] }>;
  }>(
    token,
    'GET',
    `/temu/publish/get-category-attribute?market_id=${store.id}&category_id=${CATEGORY.id}`,
  );
  const required = Object.fromEntries(
    template.attributes.filter((a) => a.required).map((a) => [a.name, a.options![0]!]),
  );
  const saved = await api<{ results: Array<{ ok: boolean }> }>(
    token,
    'POST',
    '/temu/publish/update/step-all',
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
        step4: { title: d.title, describe: 'Printed to order.' },
      })),
    },
  );
  expect(
    saved.results.every((r) => r.ok),
    JSON.stringify(saved.results),
  ).toBe(true);

  await temu.goto(`?market_id=${store.id}&status=draft&size=50`);
  await temu.row(alias).first().waitFor();
  await temu.selectPage();
  await page.getByText('50 selected').waitFor();
  await temu.batchAction('Publish');
  await temu.progress().first().waitFor();
  await snap(page, 'temu-batch-progress-en');
  expect(await temu.batchFinished(180_000)).toBe('Finished: 50 succeeded, 0 failed');
  await snap(page, 'temu-batch-done-en');
  await temu.closeBatch();
  const onTemu = await temuGoods(mallId);
  expect(onTemu.filter((g) => g.status4VO === 1)).toHaveLength(50);
}, 400_000);
