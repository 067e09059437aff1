import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { baseURL } from '../support/target.ts';

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('lets a signed-out visitor browse the catalogue; adding to the library asks to log in', async () => {
  const { page } = session;
  await page.goto(`${baseURL}/products`);
  await page.getByText(/^\d+ products$/).waitFor();
  expect(await page.locator('.library-grid a').count()).toBeGreaterThan(1);
  await shot(page, 'public-products-en');

  await page.locator('.library-grid a[href*="productDetailMain"]').first().click();
  await page.waitForURL(/\/productDetailMain\?id=\d+/);
  await page.getByText('SKUs', { exact: true }).waitFor();
  const detail = new URL(page.url());
  await shot(page, 'public-product-en');

  await page.getByRole('button', { name: 'Add to private finished library' }).click();
  await page.waitForURL(/\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(detail.pathname + detail.search);
});
