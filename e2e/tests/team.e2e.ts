import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openedDialog, openedDropdown } from '../pages/dialog.ts';
import { ListingsPage } from '../pages/listings-page.ts';
import { api, apiLogin, authorizeAmazon, statusFromPage } from '../support/api.ts';
import { baseURL, captcha } from '../support/target.ts';

const SHOTS = '/tmp/shots';

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const sessions: Session[] = [];
async function englishBrowser(): Promise<Session> {
  const session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
  sessions.push(session);
  return session;
}
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

const BOSS = { email: 'demo@example.com', password: 'Demo@123456' };
const US_STORE = '亚马逊美国站（演示）';

/**
 * The boss's groundwork through the API: a second Amazon store (Canada) and a draft listing in
 * each of the two, so the staff member's list has one of their store and one of another.
 */
async function twoStoresWithListings(alias: string) {
  const token = await apiLogin(BOSS.email, BOSS.password);
  await authorizeAmazon(token, 2, alias);
  const stores = await api<{ list: { id: number; alias: string }[] }>(
    token,
    'GET',
    '/market/index?page=1&size=100',
  );
  const storeId = (name: string) => stores.list.find((s) => s.alias === name)!.id;
  const products = await api<{ list: { id: number }[] }>(token, 'POST', '/goods/goods-index', {
    page: 1,
    size: 2,
  });
  const draft = async (store: string, goodsId: number) => {
    const created = await api<{ ids: number[] }>(token, 'POST', '/publish/create', {
      market_id: storeId(store),
      goods_ids: [goodsId],
    });
    return created.ids[0]!;
  };
  return {
    token,
    inScope: await draft(US_STORE, products.list[0]!.id),
    other: await draft(alias, products.list[1]!.id),
  };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(email, password, captcha);
  await page.waitForURL(/\/home\/index$/);
}

it('the boss creates a listing role and a staff member of one store; they see only its listings, are refused the rest, and the boss sees their visit and change', async () => {
  const stamp = Date.now().toString(36);
  const otherStore = `Amazon CA ${stamp}`;
  const listings = await twoStoresWithListings(otherStore);
  const role = `E2E Lister ${stamp}`;
  const email = `e2e-staff-${stamp}@example.com`;
  const password = 'e2e staff password';

  const boss = (await englishBrowser()).page;
  await signIn(boss, BOSS.email, BOSS.password);
  await boss.goto(`${baseURL}/subAccount/role`);
  await boss.getByRole('button', { name: 'New role' }).click();
  const roleDialog = await openedDialog(boss);
  await roleDialog.getByLabel('Role name').fill(role);
  // Checking the page grants every permission of it.
  await roleDialog
    .locator('.ant-tree-treenode')
    .filter({ hasText: 'Amazon cloud warehouse' })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
  await snap(boss, 'team-role-dialog');
  await roleDialog.getByRole('button', { name: 'Save' }).click();
  await boss.getByText('Role created').waitFor();
  await boss.getByRole('cell', { name: role }).waitFor();

  await boss.goto(`${baseURL}/subAccount/staff`);
  await boss.getByRole('button', { name: 'New staff member' }).click();
  const staffDialog = await openedDialog(boss);
  await staffDialog.getByLabel('Name', { exact: true }).fill('E2E Staff');
  await staffDialog.getByLabel('E-mail').fill(email);
  await staffDialog.getByRole('textbox', { name: 'Initial password' }).fill(password);
  // CI once saved the staff member with no role: the pick had landed during the dropdown's slide.
  for (const [field, option] of [
    ['Roles', role],
    ['Stores', US_STORE],
  ] as const) {
    await staffDialog.getByRole('combobox', { name: field }).click();
    await (
      await openedDropdown(boss)
    )
      .locator('.ant-select-item-option')
      .filter({ hasText: option })
      .click();
    await staffDialog.locator('.ant-select-selection-item', { hasText: option }).waitFor();
    // A multiple select stays open after a pick: clicking the title closes it.
    await staffDialog.locator('.ant-modal-title').click();
  }
  await staffDialog.getByRole('button', { name: 'Save' }).click();
  await boss.getByText('Staff member created').waitFor();
  await boss.getByRole('cell', { name: email }).waitFor();
  await snap(boss, 'team-staff-list');

  const staff = (await englishBrowser()).page;
  await signIn(staff, email, password);
  const sider = staff.locator('.app-sider');
  await expect.poll(() => sider.textContent()).toContain('Listings');
  const menu = (await sider.textContent()) ?? '';
  for (const hidden of ['Finance', 'Orders', 'Purchasing']) {
    expect(menu).not.toContain(hidden);
  }
  // Sub-accounts holds only the staff member's own account page, none of the boss's.
  await sider.getByText('Sub-accounts').click();
  await sider.getByText('Account', { exact: true }).waitFor();
  for (const hidden of ['Roles', 'Staff', 'Audit log', 'Service info']) {
    expect(await sider.getByText(hidden, { exact: true }).count()).toBe(0);
  }
  // The home page's account security lists no pay password: it is the boss's.
  await staff.getByText('Account security').first().waitFor();
  expect(await staff.locator('main').textContent()).not.toContain('Pay password');
  await snap(staff, 'team-staff-menu');

  // The listing page: only their store in the filter, only its listings in the table.
  const list = new ListingsPage(staff, baseURL);
  await list.gotoList();
  await staff.locator(`tr.ant-table-row[data-row-key="${listings.inScope}"]`).waitFor();
  expect(await staff.locator(`tr.ant-table-row[data-row-key="${listings.other}"]`).count()).toBe(0);
  expect(await staff.locator('tr.ant-table-row', { hasText: otherStore }).count()).toBe(0);
  await staff.getByLabel('Store', { exact: true }).click();
  const options = staff.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.first().waitFor();
  expect(await options.allInnerTexts()).toEqual([expect.stringContaining(US_STORE)]);
  await staff.keyboard.press('Escape');
  await snap(staff, 'team-staff-listings');

  // The server refuses what the menu hides, whatever the browser sends: the balance and paying
  // are the boss's, orders and store authorization are beyond the role.
  const orders = await api<{ list: { id: number }[] }>(listings.token, 'POST', '/cw-order/list', {
    page: 1,
    size: 1,
  });
  const refused = {
    balance: await statusFromPage(staff, 'GET', '/finance/info'),
    pay: await statusFromPage(staff, 'POST', '/pay/accountPay', {
      order_id: 1,
      pay_password: '135790',
    }),
    order: await statusFromPage(staff, 'POST', '/cw-order/show-orders', {
      ids: [orders.list[0]?.id ?? 1],
    }),
    authorize: await statusFromPage(staff, 'POST', '/market/get-authorization-url', {
      market_site_id: 3,
    }),
    otherListing: await statusFromPage(staff, 'GET', `/publish/show?id=${listings.other}`),
  };
  expect(refused).toEqual({
    balance: 403,
    pay: 403,
    order: 403,
    authorize: 403,
    otherListing: 404,
  });
  // The other store's listing, opened by its URL, is not found.
  await staff.goto(`${baseURL}/goods/collectyunEdit?id=${listings.other}`);
  await staff.getByText('This listing does not exist or was deleted').waitFor();

  // A change of their own: the title of their store's listing, on the editor's content step.
  const title = `Staff retitled ${stamp}`;
  await staff.goto(`${baseURL}/goods/collectyunEdit?id=${listings.inScope}&step=3`);
  await list.titleInput().fill(title);
  await list.save();

  // The boss sees the staff member's sign-in in the visit log and their change in the audit log.
  await boss.goto(`${baseURL}/subAccount/visitLog`);
  await boss.getByRole('cell', { name: 'E2E Staff' }).first().waitFor();
  await snap(boss, 'team-visit-log');
  await boss.goto(`${baseURL}/subAccount/audit`);
  const change = boss
    .locator('tr.ant-table-row', { hasText: `Listing #${listings.inScope}` })
    .filter({ hasText: 'E2E Staff' })
    .first();
  await change.waitFor();
  expect(await change.innerText()).toContain('Changed');
  await snap(boss, 'team-audit-log');
}, 240_000);
