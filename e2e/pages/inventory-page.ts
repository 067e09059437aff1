import type { Download, Locator, Page } from 'playwright-core';

/** /newOrder/inventoryCheck, in English. */
export class InventoryPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/newOrder/inventoryCheck`);
    await this.page.getByRole('button', { name: 'Refresh FBA stock' }).waitFor();
  }

  /** Reads FBA stock from Amazon and waits for the list to show it. */
  async refreshFba(): Promise<void> {
    await this.page.getByRole('button', { name: 'Refresh FBA stock' }).click();
    await this.page.getByText(/^FBA stock as of /).waitFor();
  }

  row(sku: string): Locator {
    return this.page.locator('.ant-table-row').filter({ hasText: sku });
  }

  rows(): Locator {
    return this.page.locator('.ant-table-row');
  }

  /** The SKU of each shown row, in order. */
  async skus(): Promise<string[]> {
    return this.rows().evaluateAll((rows) =>
      rows.map((row) => row.querySelector('strong')?.textContent?.trim() ?? ''),
    );
  }

  async search(keyword: string): Promise<void> {
    await this.page.getByLabel('Keyword', { exact: true }).fill(keyword);
    await this.page.getByRole('button', { name: 'Search' }).click();
  }

  async export(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    return download;
  }
}
