import { afterEach, beforeEach, expect, it } from 'vitest';
import { AdminCatalogue } from '../pages/admin-catalogue.ts';
import { LedgerPage } from '../pages/finance-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { baseURL, captcha } from '../support/target.ts';

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
});
afterEach(async () => session.close());

/** A second browser page in the same context, signed in as the demo seller. */
async function sellerPage() {
  const page = await session.context.newPage();
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);
  return page;
}

/**
 * Issue 22 part C, as an operator and then the demo seller: the operator adds a parent product
 * with two SKUs in the console, and the seller finds it in the parent library; the operator
 * credits the seller's balance with a reason, and the seller reads it in the ledger.
 */
it('adds a parent product with two SKUs that a seller then sees in the library', async () => {
  const { page } = session;
  const admin = new AdminCatalogue(page, baseURL);
  await admin.signIn('admin', 'Admin@123456', captcha);
  await admin.openGoods();
  const stamp = Date.now().toString(36).toUpperCase();
  const titleEn = `Console canvas tote ${stamp}`;
  await admin.addProduct({
    title: `控制台帆布包 ${stamp}`,
    titleEn,
    category: 'T-shirts',
    skus: [
      { sku: `E2E-${stamp}-NAT`, color: 'Natural', cost: '12.50' },
      { sku: `E2E-${stamp}-BLK`, color: 'Black', cost: '13.80' },
    ],
  });
  const row = await admin.findProduct(titleEn);
  expect(await row.innerText()).toContain('CNY 12.50');
  await shot(page, 'admin-catalogue-goods-en');

  const seller = await sellerPage();
  await seller.goto(`${baseURL}/goods/productHouse`);
  await seller.getByPlaceholder('Search product titles').fill(stamp);
  await seller.getByPlaceholder('Search product titles').press('Enter');
  await seller.getByText(titleEn).first().waitFor();
  await seller.getByText(titleEn).first().click();
  await seller.waitForURL(/\/goods\/productHouseDetail\?id=\d+/);
  await seller.getByText(`E2E-${stamp}-BLK`).waitFor();
  await seller.getByText(`E2E-${stamp}-NAT`).waitFor();
});

it('adjusts a seller’s balance with a reason that the seller reads in the ledger', async () => {
  const { page } = session;
  const admin = new AdminCatalogue(page, baseURL);
  await admin.signIn('admin', 'Admin@123456', captcha);
  const drawer = await admin.openSeller('demo@example.com');
  const reason = `E2E goodwill ${Date.now().toString(36)}`;
  await admin.adjustBalance(drawer, '12.34', reason);
  await drawer.getByText(`Platform adjustment: ${reason}`).waitFor();
  await shot(page, 'admin-catalogue-seller-en');

  const seller = await sellerPage();
  const ledger = new LedgerPage(seller, baseURL);
  await ledger.goto();
  await ledger.row(reason).waitFor();
  expect(await ledger.row(reason).innerText()).toContain('12.34');
});
