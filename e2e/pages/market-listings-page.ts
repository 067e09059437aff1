import type { Locator, Page } from 'playwright-core';
import { openedDialog } from './dialog.ts';

/** What differs between the marketplaces' cloud warehouses, in English. */
export interface WarehouseMarket {
  /** The "Publish to…" menu item and the editor's "Edit <name> listing". */
  name: string;
  path: string;
  /** The create dialog's store select. */
  storeLabel: string;
  /** A text the editor shows once the listing has loaded. */
  editorReady: string;
}

export const SHOPIFY: WarehouseMarket = {
  name: 'Shopify',
  path: '/goods/shopifyyun',
  storeLabel: 'Shopify store',
  editorReady: 'Shopify details',
};
export const TEMU: WarehouseMarket = {
  name: 'Temu',
  path: '/goods/temuyun',
  storeLabel: 'Temu store',
  editorReady: 'Title and description',
};
export const SHOPEE: WarehouseMarket = {
  name: 'Shopee',
  path: '/goods/shopeeyun',
  storeLabel: 'Shopee shop',
  editorReady: 'Shipping and package',
};

/**
 * A marketplace's listing screens in English: "Publish to…" → <marketplace> on /goods/collect,
 * its cloud warehouse (list, batch bar, progress dialog) and its editor drawer.
 */
export class MarketListingsPage {
  constructor(
    protected readonly page: Page,
    protected readonly baseURL: string,
    readonly market: WarehouseMarket,
  ) {}

  dialog(): Locator {
    return this.page.locator('.ant-modal:visible');
  }

  editor(): Locator {
    return this.page.getByRole('dialog', { name: `Edit ${this.market.name} listing` });
  }

  async choose(scope: Locator, label: string, option: string): Promise<void> {
    await scope.getByLabel(label, { exact: true }).click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${this.baseURL}${this.market.path}${query}`);
  }

  /** Selects the product on /goods/collect and publishes it to a store: drafts, editor. */
  async publishFromCollect(productTitle: string, store: string): Promise<void> {
    await this.page.goto(
      `${this.baseURL}/goods/collect?keyword=${encodeURIComponent(productTitle)}`,
    );
    const escaped = productTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.page
      .getByRole('checkbox', { name: new RegExp(escaped) })
      .first()
      .check();
    await this.page.getByRole('button', { name: 'Publish to…' }).click();
    await this.page.getByRole('menuitem', { name: this.market.name }).click();
    const dialog = this.dialog();
    await dialog.getByText(`Publish to ${this.market.name} (1 products)`).waitFor();
    await this.choose(dialog, this.market.storeLabel, store);
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await this.page.waitForURL(new RegExp(`${this.market.path}\\?.*edit=\\d+`));
    await this.editorLoaded();
  }

  async editorLoaded(): Promise<void> {
    await this.editor().getByText(this.market.editorReady).first().waitFor();
  }

  field(label: string): Locator {
    return this.editor().getByLabel(label, { exact: true });
  }

  /** Picks a category level by level in the editor's cascader, down to the leaf. */
  async chooseCategory(path: string[]): Promise<void> {
    await this.field('Category').click();
    for (const [level, name] of path.entries()) {
      await this.page
        .locator(`.ant-cascader-dropdown:visible .ant-cascader-menu:nth-child(${level + 1})`)
        .getByText(name, { exact: true })
        .click();
    }
    await this.page.keyboard.press('Escape');
  }

  /** Every SKU's stock input. */
  stockInputs(): Locator {
    return this.editor().getByRole('spinbutton', { name: /^Stock \d+$/ });
  }

  async save(): Promise<void> {
    await this.editor().getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByText('Saved').first().waitFor();
  }

  async saveAndPublish(): Promise<void> {
    await this.editor().getByRole('button', { name: 'Save and publish' }).click();
  }

  /** Waits for the progress dialog to report the finished batch; answers its summary. */
  async batchFinished(timeout = 60_000): Promise<string> {
    const summary = this.dialog().getByText(/^Finished: /);
    await summary.waitFor({ timeout });
    return summary.innerText();
  }

  /** The progress bar of the running batch. */
  progress(): Locator {
    return this.dialog().getByRole('progressbar');
  }

  async closeBatch(): Promise<void> {
    // The footer's button; the corner's × is named Close too.
    await this.dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  }

  row(title: string): Locator {
    return this.page.locator('.ant-table-row', { hasText: title });
  }

  async confirm(action: string): Promise<void> {
    await (await openedDialog(this.page)).getByRole('button', { name: action }).click();
  }

  /** Ticks every row of the list's page with the header checkbox. */
  async selectPage(): Promise<void> {
    await this.page.locator('.ant-table-thead').getByRole('checkbox').check();
  }

  /** The batch bar's action over the selected rows, confirmed. */
  async batchAction(action: 'Publish' | 'Take down' | 'Delete'): Promise<void> {
    await this.page.getByRole('toolbar').getByRole('button', { name: action }).click();
    await this.confirm(action);
  }
}
