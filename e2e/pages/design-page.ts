import type { Locator, Page } from 'playwright-core';

export interface PngFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** /design in English: the product picker, the editor's panels and its save dialogs. */
export class DesignToolPage {
  constructor(private readonly page: Page) {}

  /** From the public site's navigation, as a visitor finds the tool. */
  async openFromPublicSite(baseURL: string): Promise<void> {
    await this.page.goto(`${baseURL}/`);
    await this.page.getByRole('navigation').getByRole('link', { name: 'Design tool' }).click();
    await this.page.waitForURL(/\/design$/);
    await this.page.getByRole('heading', { name: 'T-shirts' }).waitFor();
  }

  /** The first T-shirt of the picker's T-shirt row; returns its title. */
  async pickFirstTshirt(): Promise<string> {
    const link = this.page
      .locator('.design-picker__grid')
      .first()
      .getByRole('link', { name: /^Design this: / })
      .first();
    const label = (await link.getAttribute('aria-label')) ?? '';
    await link.click();
    await this.page.waitForURL(/\/design\?product=\d+$/);
    await this.addTextButton().waitFor();
    return label.replace(/^Design this: /, '');
  }

  addTextButton(): Locator {
    return this.page.getByRole('button', { name: /Add text$/ });
  }

  layers(): Locator {
    return this.page.getByRole('list', { name: 'Layers' }).getByRole('button', {
      name: /^Select layer /,
    });
  }

  async uploadImage(file: PngFile): Promise<void> {
    const before = await this.layers().count();
    await this.page.locator('input[data-testid="design-upload"]').setInputFiles(file);
    await this.layers().nth(before).waitFor();
  }

  async addText(): Promise<void> {
    const before = await this.layers().count();
    await this.addTextButton().click();
    await this.layers().nth(before).waitFor();
  }

  colours(): Locator {
    return this.page.getByRole('radiogroup', { name: 'Colour' });
  }

  /** Picks a colour other than the current one; returns its name. */
  async switchColour(): Promise<string> {
    const options = this.colours().locator('label');
    const count = await options.count();
    for (let i = 0; i < count; i += 1) {
      const option = options.nth(i);
      if (!(await option.locator('input').isChecked())) {
        const name = (await option.innerText()).trim();
        await option.click();
        await option.locator('input:checked').waitFor({ state: 'attached' });
        return name;
      }
    }
    throw new Error('The product has only one colour');
  }

  /** Waits until the blank picture and the canvas have drawn. */
  async canvasDrawn(): Promise<void> {
    await this.page.locator('.design-canvas canvas').first().waitFor();
    await this.page.waitForLoadState('networkidle');
  }

  dialog(): Locator {
    return this.page.getByRole('dialog').last();
  }

  /** Opens the save dialog, names the product and presses its button ("Save" or "Log in and save"). */
  async save(title: string): Promise<void> {
    await this.page.getByRole('button', { name: /Save as product$/ }).click();
    const dialog = this.dialog();
    await dialog.getByLabel('Product title').fill(title);
    await dialog.getByRole('button', { name: /^(Save|Log in and save)$/ }).click();
  }

  /** The render job's dialog, until the mockups are ready. */
  async waitForMockups(): Promise<void> {
    await this.page.getByText('Rendering mockups').waitFor({ timeout: 30_000 });
    await this.page
      .getByText('The mockups are ready and the product is in your private finished library.')
      .waitFor({ timeout: 60_000 });
  }

  async openCollect(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Open in private finished library' }).click();
    await this.page.waitForURL(/\/goods\/collect/);
  }
}
