import type { Page } from 'playwright-core';

/** /my/newInfo, basic info section. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async changeName(name: string): Promise<void> {
    const field = this.page.getByLabel('Display name', { exact: false }).first();
    await field.fill(name);
    await this.page.getByRole('button', { name: 'Save' }).first().click();
  }
}
