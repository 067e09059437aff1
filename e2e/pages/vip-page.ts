import type { Locator, Page } from 'playwright-core';

/** The public /vip page's member levels, in English. */
export class VipPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/vip`);
    await this.page.locator('article.vip-level').first().waitFor();
  }

  level(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  async buy(name: string, payPassword: string): Promise<string> {
    await this.level(name).getByRole('button', { name: 'Buy' }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Enter your pay password' });
    await dialog.getByLabel('Pay password').fill(payPassword);
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    const status = this.page.getByRole('status').filter({ hasText: 'You are now' });
    await status.waitFor();
    return status.innerText();
  }
}
