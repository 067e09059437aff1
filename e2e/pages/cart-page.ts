import type { Locator, Page } from 'playwright-core';

/** /goods/shoppingcart in English. */
export class CartPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/goods/shoppingcart`);
    await this.summary().waitFor();
  }

  summary(): Locator {
    return this.page.locator('.cart-summary');
  }

  /** All rows of the cart table. */
  rows(): Locator {
    return this.page.locator('.cart-table tr.ant-table-row');
  }

  async skuCodes(): Promise<string[]> {
    const codes = await this.page.locator('.cart-table .cart-product__sku').allInnerTexts();
    return codes.map((text) => text.replace(/^SKU:\s*/, ''));
  }

  row(skuCode: string): Locator {
    return this.rows().filter({ hasText: `SKU: ${skuCode}` });
  }

  async setAllSelected(selected: boolean): Promise<void> {
    const box = this.summary().getByRole('checkbox', { name: 'Select all' });
    // With some lines ticked the box is mixed: it reads unticked, and a click ticks every line
    // (the demo seller's cart keeps other tests' unticked lines beside a fresh ticked one).
    if (!selected && !(await box.isChecked()) && (await this.selectedCount()) > 0) {
      await box.click();
      await box.and(this.page.locator(':checked')).waitFor();
    }
    if ((await box.isChecked()) !== selected) await box.click();
  }

  /** Ticks a line; the box follows the cart the server answers. */
  async select(skuCode: string): Promise<void> {
    const box = this.row(skuCode).getByRole('checkbox');
    await box.click();
    await box.and(this.page.locator(':checked')).waitFor();
  }

  /** "Lines selected: N" from the summary bar. */
  async selectedCount(): Promise<number> {
    const text = await this.summary()
      .getByText(/^Lines selected: \d+$/)
      .innerText();
    return Number(text.split(': ')[1]);
  }

  async checkout(): Promise<void> {
    await this.summary().getByRole('button', { name: 'Checkout' }).click();
    await this.page.waitForURL(/\/goods\/checkout/);
  }
}
