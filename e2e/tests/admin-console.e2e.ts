import { afterEach, beforeEach, expect, it } from 'vitest';
import { AdminConsole } from '../pages/admin-console.ts';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { baseURL, captcha } from '../support/target.ts';

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => {
  await session?.close();
});

it('an operator builds a department and a help-article editor, who then sees only that', async () => {
  const { page } = session;
  const console = new AdminConsole(page, baseURL);
  const n = String(Date.now()).slice(-6);
  const dept = `Content ${n}`;
  const role = `Article editor ${n}`;
  const username = `writer${n}`;

  await console.signIn('admin', 'Admin@123456', captcha);
  await console.openFromMenu('System', 'Departments');
  await console.addDepartment(dept);
  await shot(page, 'admin-console-departments-en');

  await console.openFromMenu('System', 'Roles');
  await console.addRole(role, 'Help articles');
  await console.openFromMenu('System', 'Operators');
  await console.addOperator({
    username,
    password: 'Writer-pass-2026',
    name: `Writer ${n}`,
    department: dept,
    role,
  });
  const row = page.locator('.ant-table-row').filter({ hasText: username });
  await expect.poll(() => row.textContent()).toContain(dept);
  await shot(page, 'admin-console-operators-en');
  await console.signOut();

  await console.signIn(username, 'Writer-pass-2026', captcha);
  const menu = console.sideMenu();
  await menu.getByText('Help centre', { exact: true }).waitFor();
  await menu.getByText('Help centre', { exact: true }).click();
  await menu.getByRole('menuitem', { name: 'Help articles', exact: true }).waitFor();
  const entries = await menu.locator('.ant-menu-title-content').allTextContents();
  expect(entries.sort()).toEqual(['Help articles', 'Help centre']);
  // A page outside the role answers the console home, not the page.
  await page.goto(`${baseURL}/admin/sys/user`);
  await page.waitForURL(`${baseURL}/admin`);
  await shot(page, 'admin-console-article-editor-en');
});
