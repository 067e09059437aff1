import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { CartPage } from '../pages/cart-page.ts';
import { CheckoutPage } from '../pages/checkout-page.ts';
import { BillPage, LedgerPage, RechargePage } from '../pages/finance-pages.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { VipPage } from '../pages/vip-page.ts';
import { ProductionDesk } from '../pages/production-desk.ts';
import { baseURL as serverURL, captcha } from '../support/target.ts';

/**
 * Alipay's return URL names the public host (`localhost`), so the whole flow runs there: on
 * 127.0.0.1 the browser would come back to another origin without the session.
 */
const baseURL = serverURL.replace('127.0.0.1', 'localhost');
const PASSWORD = 'e2e cart password';
const PAY_PASSWORD = '246810';

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

async function setPayPassword(page: Page): Promise<void> {
  await page.goto(`${baseURL}/my/newInfo?tab=pay`);
  await page.getByLabel('Login password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Pay password', exact: true }).fill(PAY_PASSWORD);
  await page.getByLabel('Confirm pay password').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: 'Save pay password' }).click();
  await page.getByText('Pay password saved').waitFor();
}

/** Three parent products into the new seller's private library, then every SKU of them into the cart. */
async function fillCartFromLibrary(page: Page): Promise<void> {
  await page.goto(`${baseURL}/goods/productHouse`);
  const parents = page.locator('.library-card:visible');
  await parents.first().waitFor();
  for (let i = 0; i < 3; i += 1) await parents.nth(i).locator('input[type="checkbox"]').check();
  await page.getByRole('button', { name: /Add selected to private finished library/ }).click();
  await page.getByText('3 added to your private finished library.').waitFor();

  await page.goto(`${baseURL}/goods/collect`);
  const products = page.locator('.library-card:visible');
  await products.nth(2).waitFor();
  for (let i = 0; i < 3; i += 1) await products.nth(i).locator('input[type="checkbox"]').check();
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: /Add to cart/ })
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: /to the cart/ });
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText(/^Added \d+ items; the cart now holds \d+$/).waitFor();
}

/** One SKU of each product: codes are `FP<product>-<COLOUR>-<SIZE>`. */
function oneSkuPerProduct(codes: string[]): string[] {
  const first = new Map<string, string>();
  for (const code of codes) {
    const product = code.split('-')[0]!;
    if (!first.has(product)) first.set(product, code);
  }
  return [...first.values()];
}

/** `YYYY-MM` of today in Asia/Shanghai, the bill's calendar. */
function shanghaiMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date());
}

it('recharges through Alipay, checks out three products from the balance, sees the ledger and bill, buys a level and gets its discount', async () => {
  const { page } = session;
  const register = new RegisterPage(page, baseURL);
  await register.goto();
  await register.registerByEmail(
    { name: 'E2E Cart Seller', email: `e2e-cart-${Date.now()}@example.com`, password: PASSWORD },
    captcha,
  );
  await page.waitForURL(/\/home\/index$/);
  await setPayPassword(page);

  const recharge = new RechargePage(page, baseURL);
  await recharge.goto();
  await recharge.rechargeThroughAlipay('500');
  await page.getByText(/Recharge received/).waitFor({ timeout: 30_000 });
  await shot(page, 'cart-e2e-recharged-en');

  await fillCartFromLibrary(page);
  const cart = new CartPage(page, baseURL);
  await cart.goto();
  const chosen = oneSkuPerProduct(await cart.skuCodes());
  expect(chosen).toHaveLength(3);
  await cart.setAllSelected(false);
  await expect.poll(() => cart.selectedCount()).toBe(0);
  for (const code of chosen) await cart.select(code);
  await expect.poll(() => cart.selectedCount()).toBe(3);
  await shot(page, 'cart-e2e-cart-en');
  await cart.checkout();

  const checkout = new CheckoutPage(page);
  await checkout.settled();
  await checkout.addAddress({
    name: 'Jane Doe',
    phone: '+1 415 555 0100',
    state: 'California',
    city: 'San Francisco',
    street: '1 Market St',
    postcode: '94105',
  });
  await expect.poll(() => checkout.total(/^Shipping/)).not.toBe('¥0.00');
  expect(await checkout.discountRow().count()).toBe(0);
  const paid = await checkout.total(/^Total to pay/);
  await shot(page, 'cart-e2e-checkout-en');
  const orderNumber = await checkout.payFromBalance(PAY_PASSWORD);
  expect(orderNumber).toMatch(/^PO\d+/);
  await shot(page, 'cart-e2e-paid-en');

  // The platform produces it: an operator signs in to the console, accepts and ships it.
  const operator = await session.context.newPage();
  const desk = new ProductionDesk(operator, baseURL);
  await desk.signIn('admin', 'Admin@123456', captcha);
  await desk.find(orderNumber);
  await shot(operator, 'production-desk-en');
  const drawer = await desk.open(orderNumber);
  await drawer.getByRole('button', { name: 'Accept' }).click();
  await drawer.locator('.ant-tag', { hasText: 'In production' }).first().waitFor();
  await desk.ship(drawer, 'SF Express', 'SF1234567890123');
  await drawer.getByText('SF1234567890123').first().waitFor();
  expect(await drawer.getByText(/^Shipped$/).count()).toBeGreaterThan(0);
  await shot(operator, 'production-drawer-shipped-en');
  await operator.close();

  const ledger = new LedgerPage(page, baseURL);
  await ledger.goto();
  await ledger.row(orderNumber).waitFor();
  // The ledger writes a payment as "−117.00" (a minus sign, no currency).
  expect(await ledger.row(orderNumber).innerText()).toContain(`−${paid.replace('¥', '')}`);
  expect(await ledger.row(/Recharge/).count()).toBeGreaterThan(0);
  await shot(page, 'cart-e2e-ledger-en');

  const bill = new BillPage(page, baseURL);
  await bill.goto();
  const month = bill.month(shanghaiMonth());
  await month.waitFor();
  await month.scrollIntoViewIfNeeded();
  const statement = await month.innerText();
  expect(statement).toContain('500.00');
  expect(statement).toContain(paid.replace('¥', ''));
  await shot(page, 'cart-e2e-bill-en');

  const vip = new VipPage(page, baseURL);
  await vip.goto();
  await vip.level('Regular').getByText('Your level').waitFor();
  const bought = await vip.buy('Silver', PAY_PASSWORD);
  expect(bought).toContain('You are now Silver until');
  await vip.level('Silver').getByText('Your level').waitFor();
  await shot(page, 'cart-e2e-vip-en');

  // The lines not bought stay in the cart; the next checkout of one of them carries the discount.
  await cart.goto();
  const [next] = await cart.skuCodes();
  await cart.select(next!);
  await cart.checkout();
  await checkout.settled();
  await checkout.discountRow().waitFor();
  expect(await checkout.discountRow().innerText()).toMatch(/Member discount \(Silver · 5%\)/);
  await shot(page, 'cart-e2e-discount-en');
}, 240_000);
