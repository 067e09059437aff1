import type { Locator, Page } from 'playwright-core';
import { openedDialog } from './dialog.ts';

export interface AuthorizeOptions {
  /** The marketplace card, e.g. 'Amazon'. */
  marketplace: string;
  /** Text that picks the site in the site select, e.g. 'United Kingdom'; the only site when absent. */
  site?: string;
  alias: string;
  /** Shopify's `name.myshopify.com`. */
  shop?: string;
  /** What to choose on the consent page, where it offers a choice. */
  consent?: ConsentChoice;
}

export interface ConsentChoice {
  /** The option of the page's select (Shopee's shop region). */
  option?: string;
  /** The page's text field (Temu's mall id). */
  account?: string;
}

/** /market/index in English: the store table, its dialogs and the marketplace consent pages. */
export class StoresPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/market/index`);
    await this.page.getByRole('tab', { name: 'Stores' }).waitFor();
  }

  /** Waits until the table has no request in flight, for screenshots of settled screens. */
  async settled(): Promise<void> {
    await this.page.locator('tr.ant-table-row').first().waitFor();
    await this.page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
  }

  /** The dialog on top; confirmations and forms both render as one. */
  dialog(): Locator {
    return this.page.getByRole('dialog').last();
  }

  row(alias: string): Locator {
    return this.page.locator('tr.ant-table-row', { hasText: alias });
  }

  async openAuthorizeDialog(): Promise<void> {
    await this.page.getByRole('button', { name: 'Authorize store' }).click();
    await this.dialog()
      .getByRole('button', { name: /Amazon/ })
      .waitFor();
  }

  /** Fills the dialog up to the "Continue to …" button, without pressing it. */
  async fillAuthorizeDialog(options: AuthorizeOptions): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByRole('button', { name: new RegExp(options.marketplace) }).click();
    if (options.site) {
      const site = dialog.getByRole('combobox', { name: 'Site' });
      await site.click();
      await site.fill(options.site);
      // The filtered list re-renders while typing, so a click can land on an option that is being
      // replaced; Enter picks the active (first matching) option once the list has settled.
      await this.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option-active', {
          hasText: options.site,
        })
        .waitFor();
      await site.press('Enter');
      await site.and(this.page.locator('[aria-expanded="false"]')).waitFor();
      await dialog.locator('.ant-select-content', { hasText: options.site }).waitFor();
    }
    if (options.shop) await dialog.getByLabel('Shopify shop domain').fill(options.shop);
    await dialog.getByLabel('Store alias (optional)').fill(options.alias);
  }

  /** Leaves for the marketplace's consent page (the simulator's, under /__sim/). */
  async continueToConsent(marketplace: string): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: `Continue to ${marketplace}` })
      .click();
    await this.page.waitForURL(/\/__sim\//);
  }

  /**
   * Grants access on the consent page and waits for the way back to the store list. Shopify
   * names its button "Install" as the real one does; the others say "Authorize".
   */
  async consent(choice: ConsentChoice = {}): Promise<void> {
    if (choice.option) await this.page.locator('select').first().selectOption(choice.option);
    if (choice.account) await this.page.locator('input[type="text"]').first().fill(choice.account);
    const name = /^(Authorize|Install)( app)?$/;
    const grant = this.page.getByRole('button', { name }).or(this.page.getByRole('link', { name }));
    await grant.first().click();
    await this.page.waitForURL(/\/market\/index/);
    await this.page.getByText('Store authorized').first().waitFor();
  }

  async rename(from: string, to: string): Promise<void> {
    const row = this.row(from);
    await row.getByRole('button', { name: 'Rename' }).click();
    const box = row.getByRole('textbox');
    await box.fill(to);
    await box.press('Enter');
    await this.page.getByText('Store alias saved').first().waitFor();
    await this.row(to).waitFor();
  }

  switchOf(alias: string): Locator {
    return this.row(alias).getByRole('switch');
  }

  async switchOff(alias: string): Promise<void> {
    await this.switchOf(alias).click();
    await (await openedDialog(this.page)).getByRole('button', { name: 'Switch off' }).click();
    await this.page.getByText('Store switched off').first().waitFor();
  }

  async switchOn(alias: string): Promise<void> {
    await this.switchOf(alias).click();
    await this.page.getByText('Store switched on').first().waitFor();
  }

  /** Ticks the staff member whose name or contact matches `who` and saves. */
  async assignStaff(alias: string, who: RegExp): Promise<void> {
    await this.row(alias)
      .getByRole('button', { name: /Assign staff/ })
      .click();
    const dialog = await openedDialog(this.page);
    await dialog.getByRole('checkbox', { name: who }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await this.page.getByText('Staff assignment saved').first().waitFor();
  }

  async delete(alias: string): Promise<void> {
    await this.row(alias).getByRole('button', { name: 'Delete' }).click();
    await (await openedDialog(this.page)).getByRole('button', { name: 'Delete' }).click();
    await this.page.getByText('Store deleted').first().waitFor();
  }
}
