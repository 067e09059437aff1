import type { Download, Page } from 'playwright-core';

export interface PlanForm {
  store: RegExp;
  name: string;
  items: Array<{ sku: string; quantity: number }>;
}

/** /newOrder/FBAshipments and its wizard and detail pages, in English. */
export class FbaPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async gotoList(): Promise<void> {
    await this.page.goto(`${this.baseURL}/newOrder/FBAshipments`);
    await this.page.getByRole('button', { name: 'New shipment' }).waitFor();
  }

  async startWizard(): Promise<void> {
    await this.page.getByRole('button', { name: 'New shipment' }).click();
    await this.page.getByRole('button', { name: 'Create inbound plan' }).waitFor();
  }

  async fillPlan(form: PlanForm): Promise<void> {
    const p = this.page;
    await p
      .locator('.ant-form-item')
      .filter({ hasText: 'Amazon store' })
      .locator('.ant-select')
      .click();
    await p.locator('.ant-select-item-option').filter({ hasText: form.store }).first().click();
    await p.getByLabel('Plan name', { exact: true }).fill(form.name);
    await p.getByLabel('Contact / warehouse name', { exact: true }).fill('深圳仓 Shenzhen DC');
    await p.getByLabel('Address', { exact: true }).fill('1 Keji Rd, Nanshan');
    await p.getByLabel('City', { exact: true }).fill('Shenzhen');
    await p.getByLabel('Postal code', { exact: true }).fill('518000');
    await p.getByLabel('Phone', { exact: true }).fill('+8675512345678');
    for (const [i, item] of form.items.entries()) {
      if (i > 0) await p.getByRole('button', { name: 'Add SKU' }).click();
      await p.locator(`input#items_${i}_sku`).fill(item.sku);
      await p.locator(`input#items_${i}_quantity`).fill(String(item.quantity));
    }
  }

  /** Presses a wizard button and waits for the next step's button. */
  async advance(press: string, next: string): Promise<void> {
    await this.page.getByRole('button', { name: press }).click();
    await this.page.getByRole('button', { name: next }).waitFor();
  }

  boxQuantity(box: number) {
    return this.page.locator(`input#boxes_${box}_items_0_quantity`);
  }

  error() {
    return this.page.locator('.ant-alert-error');
  }

  /** Picks the placement that splits the boxes over the most shipments. */
  async pickSplitPlacement(): Promise<void> {
    await this.page.locator('.ant-radio-wrapper').last().click();
  }

  statusTags() {
    return this.page.locator('.fba-box .ant-card-head .ant-tag');
  }

  async download(button: string, nth = 0): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: button }).nth(nth).click(),
    ]);
    return download;
  }
}
