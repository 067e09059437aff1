import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { Shell } from '../pages/shell.ts';
import { baseURL, captcha } from '../support/target.ts';

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
  // The element is there before its picture has loaded (naturalWidth 0 until then).
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await shot(page, 'parent-library-en');

  await page.locator('a[href*="productHouseDetail"]').first().click();
  await page.waitForURL(/\/goods\/productHouseDetail\?id=\d+/);
  await page.getByText('SKUs', { exact: true }).waitFor();
  expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  await page.getByText('Back to the parent library').waitFor();
  await shot(page, 'parent-product-en');
});

it('adds a parent product to the private finished library, then edits its title and a SKU price', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  await new Shell(page).openFromMenu('Product library', 'Parent library');
  await page.getByText(/^\d+ products$/).waitFor();
  await page.locator('a.library-card__title').first().click();
  await page.waitForURL(/\/goods\/productHouseDetail\?id=\d+/);
  // The list stays mounted (hidden) behind the detail, with its own buttons of the same name.
  await page
    .locator('.library-detail__actions')
    .getByRole('button', { name: /Add to private finished library/ })
    .click();
  await page.getByText(/1 added to your private finished library\./).waitFor();
  await page.getByRole('link', { name: 'Open private finished library' }).click();
  await page.waitForURL(/\/goods\/collect/);

  // Newest first: the product just added leads the list.
  // Kept-alive pages stay in the DOM, hidden; only the visible cards are this page's.
  const firstCard = page.locator('.library-grid .library-card:visible').first();
  await firstCard.waitFor();
  await firstCard.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.waitForURL(/\/goods\/productHouseEdit\?id=\d+/);
  const title = `E2E product ${Date.now().toString(36)}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Price, row 1').fill('99.90');
  await shot(page, 'finished-edit-en');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await page.waitForURL(/\/goods\/collect/);
  await page.getByText('Product saved').waitFor();
  const list = page.locator('.library-page:visible');
  await list.locator('.library-grid').getByText(title, { exact: true }).waitFor();
  await list.getByText('Table', { exact: true }).click();
  const row = list.locator('.ant-table-row', { hasText: title });
  await row.waitFor();
  await shot(page, 'finished-library-en');
  // The list shows the lowest SKU price; the edited SKU keeps its own.
  await row.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.waitForURL(/\/goods\/productHouseEdit\?id=\d+/);
  await expect.poll(() => page.getByLabel('Price, row 1').inputValue()).toBe('99.90');
  expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
});
