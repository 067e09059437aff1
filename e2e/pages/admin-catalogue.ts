import type { Locator, Page } from 'playwright-core';
import { operatorSignIn } from './sign-in.ts';
import { openedDialog, openedDropdown } from './dialog.ts';

/** The operators' console screens for what sellers see: /admin/sys/goods and /admin/sys/seller. */
export class AdminCatalogue {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async signIn(username: string, password: string, captcha: string): Promise<void> {
    await operatorSignIn(this.page, this.baseURL, '/sys/goods', { username, password, captcha });
    await this.page.waitForURL(/\/admin(\/sys\/goods)?$/);
  }

  async openGoods(): Promise<void> {
    await this.page.goto(`${this.baseURL}/admin/sys/goods`);
    await this.page.getByRole('button', { name: 'Add parent product' }).waitFor();
  }

  /** Fills the new-product drawer: titles, a category, then one row per SKU. */
  async addProduct(p: {
    title: string;
    titleEn: string;
    category: string;
    skus: Array<{ sku: string; color: string; cost: string }>;
  }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add parent product' }).click();
    const drawer = this.page.getByRole('dialog').filter({ hasText: 'New parent product' });
    await drawer.getByLabel('Chinese title').fill(p.title);
    await drawer.getByLabel('English title').fill(p.titleEn);
    await drawer.getByLabel('Category').click();
    // CI once picked during the dropdown's opening slide: the click landed, no category was set.
    const dropdown = await openedDropdown(this.page);
    await dropdown.locator('.ant-select-tree-title', { hasText: p.category }).first().click();
    for (const [i, sku] of p.skus.entries()) {
      if (i > 0) await drawer.getByRole('button', { name: 'Add SKU' }).click();
      const row = drawer.locator('.admin-sku-row').nth(i);
      await row.getByLabel('SKU code').fill(sku.sku);
      await row.getByLabel('Colour (English)').fill(sku.color);
      await row.getByLabel('Cost (CNY)').fill(sku.cost);
    }
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
  }

  async findProduct(keyword: string): Promise<Locator> {
    await this.page.getByLabel('Keyword').fill(keyword);
    await this.page.getByRole('button', { name: 'Search' }).click();
    const row = this.page.locator('.ant-table-row').filter({ hasText: keyword });
    await row.waitFor();
    return row;
  }

  /** Opens one seller, found by the boss's e-mail, read-only. */
  async openSeller(email: string): Promise<Locator> {
    await this.page.goto(`${this.baseURL}/admin/sys/seller`);
    await this.page.getByLabel('Name / e-mail / mobile').fill(email);
    await this.page.getByRole('button', { name: 'Search' }).click();
    const row = this.page.locator('.ant-table-row').filter({ hasText: email });
    await row.getByRole('button', { name: 'View' }).click();
    const drawer = this.page.getByRole('dialog').filter({ hasText: 'Seller details' });
    await drawer.getByText('Latest ledger entries').waitFor();
    return drawer;
  }

  async adjustBalance(drawer: Locator, yuan: string, reason: string): Promise<void> {
    await drawer.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Posted as a ledger entry' });
    await dialog.getByLabel('Amount (CNY)').fill(yuan);
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // CI once pressed OK during the confirm's zoom, and the balance stayed as it was.
    const confirm = await openedDialog(
      this.page,
      this.page.getByRole('dialog').filter({ hasText: /^Credit/ }),
    );
    await confirm.getByRole('button', { name: 'OK' }).click();
    await this.page.getByText(/^The balance is now/).waitFor();
  }
}
