import type { Locator, Page } from 'playwright-core';
import { operatorSignIn } from './sign-in.ts';

/** The operators' console: /admin/login and the production desk at /admin/sys/production. */
export class ProductionDesk {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async signIn(username: string, password: string, captcha: string): Promise<void> {
    await operatorSignIn(this.page, this.baseURL, '/sys/production', {
      username,
      password,
      captcha,
    });
    // The console routes in the page (no load event): the desk's own table says it is there.
    await this.page.getByText('Production desk', { exact: true }).last().waitFor();
    await this.page.locator('.ant-table').waitFor();
  }

  /** Narrows the desk to one purchase order by its number, in every state. */
  async find(number: string): Promise<Locator> {
    await this.page.getByLabel('Status').click();
    await this.page
      .locator('.ant-select-dropdown:visible')
      .getByTitle('All', { exact: true })
      .click();
    await this.page.getByLabel('PO number').fill(number);
    await this.page.getByRole('button', { name: 'Search' }).click();
    const row = this.page.locator('.ant-table-row').filter({ hasText: number });
    await row.waitFor();
    return row;
  }

  async open(number: string): Promise<Locator> {
    await this.page.getByRole('button', { name: number }).click();
    const drawer = this.page.getByRole('dialog').filter({ hasText: `Purchase order ${number}` });
    await drawer.waitFor();
    return drawer;
  }

  /** Ships everything left with one of the platform's channels, which marketplaces take. */
  async shipByChannel(drawer: Locator, channel: string, trackingNo: string): Promise<void> {
    await drawer.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Tracking number' });
    await dialog.getByLabel('Shipping channel').click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: channel })
      .first()
      .click();
    await dialog.getByLabel('Tracking number').fill(trackingNo);
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
    await this.page.getByText(/^Shipped; the tracking number went/).waitFor();
  }

  async ship(drawer: Locator, carrier: string, trackingNo: string): Promise<void> {
    await drawer.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Tracking number' });
    await dialog.getByLabel('Other carrier name').fill(carrier);
    await dialog.getByLabel('Tracking number').fill(trackingNo);
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
    await this.page.getByText(/^Shipped; the tracking number went/).waitFor();
  }
}
