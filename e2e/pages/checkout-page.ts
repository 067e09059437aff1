import type { Locator, Page } from 'playwright-core';
import { openedDialog } from './dialog.ts';

export interface AddressFields {
  name: string;
  phone: string;
  city: string;
  street: string;
  postcode?: string;
  /** Typed into the state select and picked with Enter. */
  state?: string;
}

/** /goods/checkout in English. */
export class CheckoutPage {
  constructor(private readonly page: Page) {}

  side(): Locator {
    return this.page.locator('.checkout-side');
  }

  async settled(): Promise<void> {
    await this.side().waitFor();
  }

  async addAddress(fields: AddressFields): Promise<void> {
    await this.page
      .getByRole('button', { name: /New address/ })
      .first()
      .click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'New shipping address' });
    await dialog.getByLabel('Recipient').fill(fields.name);
    await dialog.getByLabel('Phone').fill(fields.phone);
    if (fields.state) {
      await dialog.getByLabel('State / province').click();
      await this.page.keyboard.type(fields.state);
      await this.page.keyboard.press('Enter');
    }
    await dialog.getByLabel('City').fill(fields.city);
    await dialog.getByLabel('Street address').fill(fields.street);
    if (fields.postcode) await dialog.getByLabel('Postcode').fill(fields.postcode);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await this.page.locator('.address-card', { hasText: fields.name }).waitFor();
  }

  /** A figure of the totals by the start of its label, e.g. "Shipping" → "¥45.00". */
  async total(label: RegExp): Promise<string> {
    const row = this.side()
      .locator('.checkout-totals__row')
      .filter({ has: this.page.locator('dt', { hasText: label }) });
    return row.locator('dd').innerText();
  }

  discountRow(): Locator {
    return this.side().locator('.checkout-totals__row--discount');
  }

  async payFromBalance(payPassword: string): Promise<string> {
    await this.side()
      .getByRole('radio', { name: /Account balance/ })
      .check();
    await this.side().getByRole('button', { name: 'Submit order and pay' }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Enter your pay password' });
    // CI once pressed "Pay now" during the dialog's opening zoom: the press did nothing.
    await openedDialog(this.page, dialog);
    await dialog.getByLabel('Pay password').fill(payPassword);
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    const result = this.page.locator('.ant-result-success');
    await result.getByText('Payment successful').waitFor();
    const subtitle = await result.locator('.ant-result-subtitle').innerText();
    return /Order (\S+) is paid/.exec(subtitle)?.[1] ?? '';
  }
}
