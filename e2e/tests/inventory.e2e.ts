import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { InventoryPage } from '../pages/inventory-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { api, apiLogin } from '../support/api.ts';
import { baseURL, captcha } from '../support/target.ts';

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('reads FBA stock from the demo Amazon store, shows it beside the factory and exports it', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  const inventory = new InventoryPage(page, baseURL);
  await inventory.goto();
  await inventory.refreshFba();
  // The demo store's Amazon SKUs, each with the four FBA quantities.
  await inventory.rows().first().waitFor();
  const fbaCells = page.locator('.inventory-fba');
  expect(await fbaCells.count()).toBeGreaterThan(0);
  expect(await fbaCells.first().innerText()).toMatch(/Fulfillable\s+\d+[\s\S]*Inbound\s+\d+/);
  // The factory column names the factory and its blanks for SKUs made here.
  expect(await page.getByText(/\d+ blanks? on hand/).count()).toBeGreaterThan(0);
  expect(await page.locator('.inventory-factories .ant-tag').count()).toBeGreaterThan(0);

  // The keyword matches SKU and title anywhere in them, and other files on this worker's server
  // may list a demo product several times in one store (the Shopee file's batch of 50 drafts
  // makes DEMO-CASE-BLK-2 … -6 beside DEMO-CASE-BLK, on any page of the list, which puts low
  // stock first): search a shown SKU that no other row of the whole list contains.
  const token = await apiLogin('demo@example.com', 'Demo@123456');
  // Every page: the Shopee and Temu files' batches take the list past one page of 200.
  const list: Array<{ sku: string; title: string }> = [];
  for (let n = 1; ; n += 1) {
    const { list: rows, pagination } = await api<{
      list: Array<{ sku: string; title: string }>;
      pagination: { total: number };
    }>(token, 'POST', '/inventory/index', { page: n, limit: 200 });
    list.push(...rows);
    if (rows.length === 0 || list.length >= pagination.total) break;
  }
  const skus = await inventory.skus();
  const sku = skus.find(
    (code) =>
      list.filter((row) => `${row.sku} ${row.title}`.toLowerCase().includes(code.toLowerCase()))
        .length === 1,
  );
  expect(sku, JSON.stringify(skus)).toBeDefined();
  await inventory.search(sku!);
  await expect.poll(() => inventory.skus()).toEqual([sku]);

  const download = await inventory.export();
  const file = path.join(fs.mkdtempSync('/tmp/inventory-e2e-'), download.suggestedFilename());
  await download.saveAs(file);
  // The sheet's cells are checked by the API test; here the browser saves a real xlsx (a zip).
  expect(download.suggestedFilename()).toBe('inventory.xlsx');
  expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
}, 180_000);
