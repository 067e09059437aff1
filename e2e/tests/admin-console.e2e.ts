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
  await console.openFromMenu('Help centre', 'Help articles');
  await page.getByRole('button', { name: 'Write an article' }).waitFor();
  const entries = await console.sideMenu().locator('.ant-menu-title-content').allTextContents();
  expect(entries.sort()).toEqual(['Help articles', 'Help centre']);
  await shot(page, 'admin-console-article-editor-en');
  // Another console route: the server refuses the call, the web sends the page back home.
  expect(await console.statusOf('GET', '/sys/user/page?page=1&size=20')).toBe(403);
  await page.goto(`${baseURL}/admin/sys/user`);
  await page.waitForURL(`${baseURL}/admin`);
});
