import { afterEach, beforeEach, expect, inject, it } from 'vitest';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { Shell } from '../pages/shell.ts';

const baseURL = inject('baseURL');
const captcha = inject('captcha');

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('browses the parent library, searches it and opens a product with its SKUs', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  await new Shell(page).openFromMenu('Product library', 'Parent library');
  await page.waitForURL(/\/goods\/productHouse/);
  await page.getByText(/^\d+ products$/).waitFor();
  const all = Number((await page.getByText(/^\d+ products$/).innerText()).split(' ')[0]);
  expect(all).toBeGreaterThanOrEqual(40);

  await page.getByPlaceholder('Search product titles').fill('Hoodie');
  await page.getByPlaceholder('Search product titles').press('Enter');
  await page.waitForURL(/keyword=Hoodie/);
  await expect
    .poll(async () => Number((await page.getByText(/^\d+ products?$/).innerText()).split(' ')[0]))
    .toBeLessThan(all);
  // Demo pictures are real images served by the API, not placeholders.
  const picture = page.locator('img[src*="/api/files/demo/"]').first();
  await picture.waitFor();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'parent-library-en');

  await page.locator('a[href*="productHouseDetail"]').first().click();
  await page.waitForURL(/\/goods\/productHouseDetail\?id=\d+/);
  await page.getByText('SKUs', { exact: true }).waitFor();
  expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  await page.getByText('Back to the parent library').waitFor();
  await shot(page, 'parent-product-en');
});
