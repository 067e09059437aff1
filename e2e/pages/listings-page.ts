import type { Locator, Page } from 'playwright-core';

export interface CreateOptions {
  store: string;
  pricing?: string;
  templates?: Partial<
    Record<
      'Title template' | 'Bullet point template' | 'Keyword template' | 'Description template',
      string
    >
  >;
}

/**
 * The Amazon listing screens in English: "Publish to…" → Amazon on /goods/collect, the cloud
 * warehouse /goods/collectyun and the four-step editor /goods/collectyunEdit.
 */
export class ListingsPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  /** The dialog on top (a confirmation may open over a form). */
  dialog(): Locator {
    return this.page.locator('.ant-modal-wrap:visible .ant-modal').last();
  }

  /** Picks `option` in the antd select labelled `label` inside `scope`. */
  async choose(scope: Locator, label: string, option: string): Promise<void> {
    await scope.getByLabel(label, { exact: true }).click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }

  // /goods/collect

  async listFromCollect(productTitle: string, options: CreateOptions): Promise<void> {
    await this.page.goto(
      `${this.baseURL}/goods/collect?keyword=${encodeURIComponent(productTitle)}`,
    );
    const escaped = productTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await this.page
      .getByRole('checkbox', { name: new RegExp(escaped) })
      .first()
      .check();
    await this.page.getByRole('button', { name: 'Publish to…' }).click();
    await this.page.getByRole('menuitem', { name: 'Amazon' }).click();
    const dialog = this.dialog();
    await dialog.getByText('List on Amazon (1 products)').waitFor();
    await this.choose(dialog, 'Store / site', options.store);
    if (options.pricing) await this.choose(dialog, 'Pricing template', options.pricing);
    for (const [label, name] of Object.entries(options.templates ?? {})) {
      await this.choose(dialog, label, name);
    }
    await dialog.getByRole('button', { name: 'Create and edit' }).click();
    await this.page.waitForURL(/\/goods\/collectyunEdit\?id=\d+/);
    await this.step('Basics').waitFor();
  }

  // Editor

  step(title: string): Locator {
    return this.page.locator('.listings-editor__steps .ant-steps-item', { hasText: title });
  }

  actionBar(): Locator {
    return this.page.locator('.listings-actionbar');
  }

  async saveAndNext(): Promise<void> {
    await this.actionBar().getByRole('button', { name: 'Save and next' }).click();
    await this.page.getByText('Saved').last().waitFor();
  }

  async save(): Promise<void> {
    await this.actionBar().getByRole('button', { name: 'Save', exact: true }).click();
    await this.page.getByText('Saved').last().waitFor();
  }

  visibleStep(): Locator {
    return this.page.locator('.listings-editor__body div:not([hidden]) > .listings-step');
  }

  async fillBasics(values: { brand: string; manufacturer?: string }): Promise<void> {
    const step = this.page.getByTestId('step-basics');
    await step.getByLabel('Brand', { exact: true }).fill(values.brand);
    if (values.manufacturer) {
      await step.getByLabel('Manufacturer', { exact: true }).fill(values.manufacturer);
    }
  }

  async chooseProductType(search: string, code: string): Promise<void> {
    const step = this.page.getByTestId('step-category');
    const box = step.getByRole('searchbox', { name: 'Search product types (name or code)' });
    await box.fill(search);
    await box.press('Enter');
    await step.locator('.listings-category-tag', { hasText: code }).first().click();
    await step
      .getByLabel('Product type', { exact: true })
      .and(this.page.locator(`[value="${code}"]`))
      .waitFor();
  }

  async setAttribute(label: string, option: string): Promise<void> {
    await this.choose(this.page.getByTestId('step-category'), label, option);
  }

  priceInputs(): Locator {
    return this.page.getByTestId('step-variations').getByRole('spinbutton', { name: /^Price/ });
  }

  content(): Locator {
    return this.page.getByTestId('step-content');
  }

  titleInput(): Locator {
    return this.content().getByRole('textbox', { name: 'Title', exact: true });
  }

  /** The words marked under the title, as the forbidden-word check found them. */
  async titleMarks(): Promise<string[]> {
    const marks = this.page.getByTestId('marks-title');
    if ((await marks.count()) === 0) return [];
    return marks.locator('mark').allInnerTexts();
  }

  bullet(index: number): Locator {
    return this.content().getByRole('textbox', { name: `Bullet point ${index}`, exact: true });
  }

  publishButton(): Locator {
    return this.actionBar().getByRole('button', { name: 'Publish' });
  }

  compliance(): Locator {
    return this.page.getByTestId('compliance-panel');
  }

  /** Publishes from the editor and waits for the batch's summary line. */
  async publish(): Promise<string> {
    await this.publishButton().click();
    return this.batchResult();
  }

  async batchResult(): Promise<string> {
    const summary = this.dialog().getByTestId('batch-summary');
    await summary.filter({ hasText: /^Finished/ }).waitFor({ timeout: 60_000 });
    return summary.innerText();
  }

  async closeBatch(): Promise<void> {
    await this.dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await this.dialog()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }

  statusTag(): Locator {
    return this.page.locator('.listings-editor__head .ant-tag').first();
  }

  // /goods/collectyun

  async gotoList(): Promise<void> {
    await this.page.goto(`${this.baseURL}/goods/collectyun`);
    await this.page.getByRole('tab', { name: /^All/ }).waitFor();
  }

  row(title: string): Locator {
    return this.page.locator('tr.ant-table-row', { hasText: title });
  }

  async takeDown(title: string): Promise<string> {
    await this.row(title).getByRole('button', { name: 'Take down' }).click();
    await this.dialog().getByRole('button', { name: 'Take down' }).click();
    return this.batchResult();
  }
}
