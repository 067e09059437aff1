import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
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

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail(email, password, captcha);
  await page.waitForURL(/\/home\/index$/);
}

it('the boss creates a listing role and a staff member in it; the staff member sees only the listing menus and is refused the balance', async () => {
  const stamp = Date.now().toString(36);
  const role = `E2E Lister ${stamp}`;
  const email = `e2e-staff-${stamp}@example.com`;
  const password = 'e2e staff password';

  const boss = (await englishBrowser()).page;
  await signIn(boss, 'demo@example.com', 'Demo@123456');
  await boss.goto(`${baseURL}/subAccount/role`);
  await boss.getByRole('button', { name: 'New role' }).click();
  const roleDialog = boss.locator('.ant-modal').filter({ hasText: 'New role' });
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
  const staffDialog = boss.locator('.ant-modal').filter({ hasText: 'New staff member' });
  await staffDialog.getByLabel('Name', { exact: true }).fill('E2E Staff');
  await staffDialog.getByLabel('E-mail').fill(email);
  await staffDialog.getByRole('textbox', { name: 'Initial password' }).fill(password);
  await staffDialog.getByRole('combobox', { name: 'Roles' }).click();
  await boss.locator('.ant-select-item-option').filter({ hasText: role }).click();
  // A multiple select stays open after a pick: clicking the title closes it.
  await staffDialog.locator('.ant-modal-title').click();
  await staffDialog.getByRole('combobox', { name: 'Stores' }).click();
  await boss.locator('.ant-select-item-option').filter({ hasText: 'Amazon' }).first().click();
  await staffDialog.locator('.ant-modal-title').click();
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

  // The server refuses what the menu hides: the balance is the boss's.
  const status = await staff.evaluate(async () => {
    const token = document.cookie.match(/(?:^|; )token=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/finance/info', {
      headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    });
    return res.status;
  });
  expect(status).toBe(403);

  // The boss sees the staff member's sign-in in the visit log.
  await boss.goto(`${baseURL}/subAccount/visitLog`);
  await boss.getByRole('cell', { name: 'E2E Staff' }).first().waitFor();
  await snap(boss, 'team-visit-log');
}, 240_000);
