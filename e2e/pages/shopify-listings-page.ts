import type { Locator, Page } from 'playwright-core';

/**
 * The Shopify listing screens in English: "Publish to…" → Shopify on /goods/collect, the
 * Shopify cloud warehouse (/goods/shopifyyun) and its editor drawer.
 */
export class ShopifyListingsPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  dialog(): Locator {
    return this.page.locator('.ant-modal:visible');
  }

  editor(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit Shopify listing' });
  }

  async choose(scope: Locator, label: string, option: string): Promise<void> {
    await scope.getByLabel(label, { exact: true }).click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }

  /** Selects the product on /goods/collect and publishes it to a Shopify store: drafts, editor. */
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
    await this.page.getByRole('menuitem', { name: 'Shopify' }).click();
    const dialog = this.dialog();
    await dialog.getByText('Publish to Shopify (1 products)').waitFor();
    await this.choose(dialog, 'Shopify store', store);
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await this.page.waitForURL(/\/goods\/shopifyyun\?.*edit=\d+/);
    await this.editor().getByText('Shopify details').waitFor();
  }

  field(label: string): Locator {
    return this.editor().getByLabel(label, { exact: true });
  }

  /** Every variant's stock input. */
  stockInputs(): Locator {
    return this.editor().getByRole('spinbutton', { name: /^Stock \d+$/ });
  }

  async saveAndPublish(): Promise<void> {
    await this.editor().getByRole('button', { name: 'Save and publish' }).click();
  }

  /** Waits for the progress dialog to report the finished batch; answers its summary. */
  async batchFinished(): Promise<string> {
    const summary = this.dialog().getByText(/^Finished: /);
    await summary.waitFor({ timeout: 60_000 });
    return summary.innerText();
  }

  async closeBatch(): Promise<void> {
    // The footer's button; the corner's × is named Close too.
    await this.dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  }

  row(title: string): Locator {
    return this.page.locator('.ant-table-row', { hasText: title });
  }

  async confirm(action: string): Promise<void> {
    await this.page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: action })
      .click();
  }
}
