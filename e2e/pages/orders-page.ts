import type { Locator, Page } from 'playwright-core';

/** The order screens (/newOrder and its batch pages) in English. */
export class OrdersPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${this.baseURL}/newOrder${query}`);
    await this.page.getByRole('tab', { name: /^All/ }).waitFor();
  }

  /** Sync every store and wait until the progress dialog is gone and the result is told. */
  async syncAll(timeout = 240_000): Promise<void> {
    await this.page
      .locator('.orders-batch-bar')
      .getByRole('button', { name: /Sync orders/ })
      .click();
    await this.page
      .getByText(/^(Orders synced|\d+ store syncs failed.*)$/)
      .first()
      .waitFor({ timeout });
  }

  /**
   * Filters the desk to the Shopify demo store and syncs: its simulator answers a first sync in
   * seconds (Amazon's rate limits make a 90-day first sync take many minutes), and its buyers
   * order demo SKUs. Answers the store's id (`market_id`).
   */
  async syncShopifyDemoStore(): Promise<string> {
    await this.choose('Store', 'Shopify 演示店');
    await this.search();
    await this.page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('market_id') ?? ''));
    const storeId = new URL(this.page.url()).searchParams.get('market_id')!;
    await this.syncAll();
    return storeId;
  }

  rows(): Locator {
    return this.page.locator('.orders-list-view > .ant-table-wrapper tr.ant-table-row');
  }

  row(number: string): Locator {
    return this.rows().filter({
      has: this.page.getByRole('button', { name: `Open order ${number}`, exact: true }),
    });
  }

  /** The order numbers on the page, top to bottom. */
  async numbers(): Promise<string[]> {
    return this.rows().locator('.orders-number-link').allInnerTexts();
  }

  async waitForRows(): Promise<void> {
    await this.rows().first().waitFor({ timeout: 30_000 });
  }

  /** Picks `option` in the antd select labelled `label`. */
  async choose(label: string, option: string): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }

  /** Applies the filters and waits for the list the server answers for them. */
  async search(): Promise<void> {
    await Promise.all([
      this.page.waitForResponse(
        (r) => r.url().endsWith('/api/cw-order/list') && r.request().method() === 'POST',
      ),
      this.page.getByRole('button', { name: 'Search' }).click(),
    ]);
    await this.page.locator('.orders-list-view .ant-spin-spinning').waitFor({ state: 'detached' });
  }

  async tab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  async select(number: string): Promise<void> {
    await this.row(number).getByRole('checkbox').check();
  }

  batchButton(name: string | RegExp): Locator {
    return this.page.locator('.orders-batch-bar').getByRole('button', { name });
  }

  /** Opens the order's drawer; answers the drawer. */
  async open(number: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `Open order ${number}`, exact: true }).click();
    const drawer = this.page.getByRole('dialog').filter({ hasText: `Order ${number}` });
    await drawer.getByText('Order log').waitFor();
    return drawer;
  }

  async closeDrawer(): Promise<void> {
    await this.page.locator('.ant-drawer-close').click();
    await this.page.locator('.orders-drawer-body').waitFor({ state: 'hidden' });
  }

  message(text: string | RegExp): Locator {
    return this.page.locator('.ant-message').getByText(text);
  }
}
