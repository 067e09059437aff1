import { afterEach, beforeEach, expect, it } from 'vitest';
import { CartPage } from '../pages/cart-page.ts';
import { CheckoutPage } from '../pages/checkout-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { OrdersPage } from '../pages/orders-page.ts';
import { api, apiLogin } from '../support/api.ts';
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

/** A Cainiao number (LP + 14 digits) nobody else used in this run. */
const cainiao = (n: number) => `LP${String(Date.now()).slice(-12)}${String(n).padStart(2, '0')}`;

it('syncs the demo stores, filters, holds and releases, splits, sets logistics in a batch and puts orders into the cart', async () => {
  const { page } = session;
  // The checkout below links the orders the tee's cart line serves. A retry runs on the same
  // server, where the line still holds the orders the failed attempt added, so checking it out
  // purchased those too ("(3)"): each attempt starts from an empty cart.
  await api(await apiLogin('demo@example.com', 'Demo@123456'), 'POST', '/shoppingcart/delCart', {});
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  const orders = new OrdersPage(page, baseURL);
  await orders.goto();
  const started = Date.now();
  await orders.syncShopifyDemoStore();
  console.log(`orders e2e: syncing the Shopify demo store took ${Date.now() - started} ms`);
  await orders.waitForRows();
  await shot(page, 'orders-desk-en');

  // Two filters: the store and one SKU; both stay in the URL and narrow every row.
  await page.getByLabel('SKU', { exact: true }).fill('DEMO-MUG-11OZ');
  await orders.search();
  await expect.poll(() => new URL(page.url()).searchParams.get('sku')).toBe('DEMO-MUG-11OZ');
  expect(new URL(page.url()).searchParams.get('market_id')).toMatch(/^\d+$/);
  await orders.waitForRows();
  for (const text of await orders.rows().allInnerTexts()) expect(text).toContain('Shopify 演示店');
  await orders.rows().first().locator('.ant-table-row-expand-icon').click();
  await page.locator('.orders-items-table').getByText('DEMO-MUG-11OZ').first().waitFor();

  // Hold and release one new order from its drawer.
  await orders.goto('?status=10');
  await orders.waitForRows();
  const [first] = await orders.numbers();
  // The logistics step below takes two orders without the tee: the cart step needs the tee's
  // own orders still awaiting purchase, and with one order every 90 minutes on the simulator
  // only two or three of them await at some hours (at 01:50 UTC the logistics step took two of
  // three, and the cart step found one).
  const texts = await orders.rows().allInnerTexts();
  const [second, third] = (await orders.numbers()).filter(
    (_, i) => !texts[i]!.includes('DEMO-TEE-BLK-M'),
  );
  const drawer = await orders.open(first!);
  await shot(page, 'orders-drawer-en');
  await drawer.getByRole('button', { name: 'Hold', exact: true }).click();
  await orders.message('Order put on hold').waitFor();
  await drawer.getByRole('button', { name: 'Release', exact: true }).click();
  await orders.message('Hold released').waitFor();
  const log = drawer.locator('.orders-log');
  await expect.poll(() => log.innerText()).toMatch(/Put on hold[\s\S]*Hold released/);
  await orders.closeDrawer();

  // Split an order of several pieces: one piece moves to a new order numbered -S<n>.
  await orders.goto('?status=10&single_quantity=false');
  await orders.waitForRows();
  const [several] = await orders.numbers();
  const splitDrawer = await orders.open(several!);
  await splitDrawer.getByRole('button', { name: 'Split order' }).click();
  const split = page.getByRole('dialog').filter({ hasText: `Split order ${several}` });
  await split.getByRole('spinbutton').first().fill('1');
  await split.getByRole('button', { name: 'Split', exact: true }).click();
  const result = page.getByTestId('split-result');
  await result.waitFor();
  await expect.poll(() => result.innerText()).toContain(`New order ${several}-S`);
  await split.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await orders.closeDrawer();

  // Logistics for two orders in one batch.
  await orders.goto('?status=10');
  await orders.waitForRows();
  await orders.select(second!);
  await orders.select(third!);
  await orders.batchButton('Set logistics').click();
  await page.waitForURL(/\/newOrder\/logistics\?ids=\d+,\d+/);
  await orders.choose('One channel for all', 'Cainiao Super Saver');
  await page.getByRole('button', { name: 'Apply to all' }).click();
  const box = page.getByLabel(`Tracking number ${second}`, { exact: true });
  await box.fill('NOT-A-NUMBER');
  await page.getByText('Not a Cainiao tracking number (e.g. LP00123456789012)').waitFor();
  await box.fill(cainiao(1));
  await page.getByLabel(`Tracking number ${third}`, { exact: true }).fill(cainiao(2));
  await shot(page, 'orders-logistics-en');
  await page.getByRole('button', { name: 'Save logistics' }).click();
  await expect.poll(() => page.getByText('Saved', { exact: true }).count()).toBe(2);

  // The settlement puts orders of a demo SKU into the cart.
  await orders.goto('?status=10&sku=DEMO-TEE-BLK-M');
  await orders.waitForRows();
  const tees = (await orders.numbers()).slice(0, 2);
  for (const number of tees) await orders.select(number);
  await orders.batchButton(/Purchase \/ add to cart/).click();
  await page.waitForURL(/\/newOrder\/settlement\?ids=/);
  // The desk stays mounted (hidden) behind this tab with its own "Purchase / add to cart".
  await page.locator('button.ant-btn-primary', { hasText: 'Add to cart' }).click();
  await page.getByTestId('cart-match').first().waitFor();
  await shot(page, 'orders-settlement-en');
  await page.getByRole('button', { name: 'Go to cart' }).click();
  await page.waitForURL(/\/goods\/shoppingcart/);
  const cart = new CartPage(page, baseURL);
  await cart.summary().waitFor();
  await cart.row('DEMO-TEE-BLK-M').waitFor();

  // Checking out the tee line moves both orders to Purchased with the purchase order linked.
  await cart.setAllSelected(false);
  await expect.poll(() => cart.selectedCount()).toBe(0);
  await cart.select('DEMO-TEE-BLK-M');
  await cart.checkout();
  const checkout = new CheckoutPage(page);
  await checkout.settled();
  await checkout.addAddress({
    name: `Orders E2E ${Date.now()}`,
    phone: '+1 415 555 0100',
    state: 'California',
    city: 'San Francisco',
    street: '1 Market St',
    postcode: '94105',
  });
  // The demo seller starts with a balance (the seed's demo credit) and pay password 135790.
  await checkout.payFromBalance('135790');
  const linked = page.locator('.checkout-market-orders');
  await linked.getByText(/^Marketplace orders now purchased \(2\)/).waitFor();
  for (const number of tees) expect(await linked.innerText()).toContain(number);
  await shot(page, 'orders-checkout-purchased-en');
  await linked.getByRole('button', { name: 'View purchased orders' }).click();
  await page.waitForURL(/\/newOrder\?status=40/);
  await page.getByRole('tab', { name: /^Purchased/, selected: true }).waitFor();
  await orders.waitForRows();
  for (const number of tees) {
    await orders.row(number).getByTestId('purchase-order-link').waitFor();
  }
  const poNumber = await orders.row(tees[0]!).getByTestId('purchase-order-link').innerText();
  expect(poNumber).toMatch(/^PO\d+/);
  await shot(page, 'orders-purchased-en');
  const purchasedDrawer = await orders.open(tees[0]!);
  await purchasedDrawer.getByTestId('purchase-order-link').getByText(poNumber).waitFor();
  await expect
    .poll(() => purchasedDrawer.locator('.orders-log').innerText())
    .toContain('Purchased on the platform');
  await orders.closeDrawer();

  // The read-only pages, in both languages.
  await page.goto(`${baseURL}/newOrder/FBAorder`);
  await page.getByRole('tab', { name: /^All/ }).waitFor();
  await shot(page, 'orders-fba-en');
  await page.goto(`${baseURL}/newOrder/cancellation`);
  await page.getByRole('tab', { name: 'Cancelled orders' }).waitFor();
  await shot(page, 'orders-cancellation-en');

  await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
  for (const [path, name, ready] of [
    ['/newOrder', 'desk', '全部'],
    ['/newOrder/FBAorder', 'fba', '全部'],
    ['/newOrder/cancellation', 'cancellation', '已取消的订单'],
    [`/newOrder/logistics?ids=`, 'logistics', '没有选择订单'],
  ] as const) {
    await page.goto(`${baseURL}${path}`);
    await page.getByText(new RegExp(ready)).first().waitFor();
    await shot(page, `orders-${name}-zh`);
  }
  await page.goto(`${baseURL}/newOrder?status=10`);
  await orders.waitForRows();
  const [zhFirst] = await orders.numbers();
  await page.getByRole('button', { name: `查看订单 ${zhFirst}`, exact: true }).click();
  await page.getByText('订单日志').waitFor();
  await shot(page, 'orders-drawer-zh');
}, 600_000);
