import type { Locator, Page } from 'playwright-core';

/** /my/recharge and the Alipay simulator's cashier page it leads to, in English. */
export class RechargePage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/my/recharge`);
    await this.page.getByLabel('Amount (yuan)').waitFor();
  }

  /** Pays `yuan` on the simulator's cashier and waits until the page reports the credit. */
  async rechargeThroughAlipay(yuan: string): Promise<void> {
    await this.page.getByLabel('Amount (yuan)').fill(yuan);
    await this.page.getByRole('button', { name: 'Pay with Alipay' }).click();
    await this.page.waitForURL(/__sim\/alipay/);
    await this.page.getByRole('button', { name: 'Pay', exact: true }).click();
    await this.page.waitForURL(/\/my\/recharge/);
  }
}

/** /my/consume: the ledger. */
export class LedgerPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/my/consume`);
    await this.rows().first().waitFor();
  }

  rows(): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row');
  }

  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }
}

/** /my/platformbill: monthly statements. */
export class BillPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/my/platformbill`);
    await this.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  }

  month(month: string): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: month });
  }
}
