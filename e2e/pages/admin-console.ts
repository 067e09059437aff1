import type { Locator, Page } from 'playwright-core';
import { operatorSignIn } from './sign-in.ts';

/** The operators' console screens of issue 22: departments, roles, operators, sign-in and out. */
export class AdminConsole {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async signIn(username: string, password: string, captcha: string): Promise<void> {
    await operatorSignIn(this.page, this.baseURL, '', { username, password, captcha });
    await this.page.getByRole('button', { name: 'Log out' }).waitFor();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Log out' }).click();
    await this.page.getByRole('button', { name: 'Sign in' }).waitFor();
  }

  /** Opens a console page from the side menu, as an operator would. */
  async openFromMenu(group: string, item: string): Promise<void> {
    const menu = this.sideMenu();
    // Opens the group only when it is closed: `isVisible` mid-animation read an open group as
    // closed, and the click folded it away.
    const title = menu.locator('.ant-menu-submenu-title').filter({ hasText: group }).first();
    await title.waitFor();
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await menu.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** The HTTP status of a call made with the signed-in operator's own token. */
  statusOf(method: 'GET' | 'POST', route: string): Promise<number> {
    return this.page.evaluate(
      async ({ method, route }) => {
        const stored = JSON.parse(localStorage.getItem('seller-hub-operator') ?? '{}') as {
          state?: { token?: string };
        };
        const res = await fetch(`/api${route}`, {
          method,
          headers: { authorization: `Bearer ${stored.state?.token ?? ''}` },
        });
        return res.status;
      },
      { method, route },
    );
  }

  sideMenu(): Locator {
    return this.page.locator('.app-sider .ant-menu-root');
  }

  private dialog(title: string): Locator {
    return this.page.getByRole('dialog').filter({ hasText: title });
  }

  private async pick(field: Locator, option: string): Promise<void> {
    await field.click();
    await this.page
      .locator(
        '.ant-select-dropdown:visible .ant-select-item-option, .ant-select-dropdown:visible .ant-select-tree-node-content-wrapper',
      )
      .filter({ hasText: option })
      .first()
      .click();
  }

  async addDepartment(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add department' }).click();
    const dialog = this.dialog('Add department');
    await dialog.getByLabel('Department', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await this.page.locator('.ant-table-row').filter({ hasText: name }).waitFor();
  }

  /** A role granting every permission under one console page, ticked in the tree. */
  async addRole(name: string, page: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add role' }).click();
    const dialog = this.dialog('Add role');
    await dialog.getByLabel('Role name').fill(name);
    const node = dialog.locator('.ant-tree-treenode').filter({ hasText: page }).first();
    await node.locator('.ant-tree-checkbox').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await this.page.locator('.ant-table-row').filter({ hasText: name }).waitFor();
  }

  async addOperator(op: {
    username: string;
    password: string;
    name: string;
    department: string;
    role: string;
  }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add operator' }).click();
    const dialog = this.dialog('Add operator');
    await dialog.getByLabel('Username').fill(op.username);
    await dialog.getByLabel('Initial password').fill(op.password);
    await dialog.getByLabel('Name', { exact: true }).fill(op.name);
    await this.pick(dialog.getByLabel('Department'), op.department);
    await this.pick(dialog.getByLabel('Roles'), op.role);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await this.page.locator('.ant-table-row').filter({ hasText: op.username }).waitFor();
  }
}
