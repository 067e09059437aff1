import type { Download, Locator, Page } from 'playwright-core';
import { openedDialog } from './dialog.ts';

/** POD to FBA in English: the seller's drawer on the FBA shipments page and the desk's FBA panel. */
export class PodToFba {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async gotoShipments(): Promise<void> {
    await this.page.goto(`${this.baseURL}/newOrder/FBAshipments`);
    await this.page.getByRole('button', { name: 'Send to FBA from production' }).waitFor();
  }

  /** Opens the drawer, picks quantities of SKUs found by `search` and waits for the quote. */
  async pick(search: string, quantities: Record<string, number>): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Send to FBA from production' }).click();
    const drawer = this.page.locator('.fba-pod-drawer');
    await drawer.getByPlaceholder('Search SKU or title').fill(search);
    await drawer.getByPlaceholder('Search SKU or title').press('Enter');
    for (const [sku, quantity] of Object.entries(quantities)) {
      const input = drawer.getByLabel(`Quantity ${sku}`, { exact: true });
      await input.fill(String(quantity));
      await input.blur();
    }
    await drawer.locator('.fba-pod-quote').waitFor();
    return drawer;
  }

  /** Pays with the pay password; answers the purchase order's number from the confirmation. */
  async pay(drawer: Locator, payPassword: string): Promise<string> {
    await drawer.getByLabel('Pay password').fill(payPassword);
    await drawer.getByRole('button', { name: 'Pay and send to production' }).click();
    const done = this.page.getByText(/^Ordered: purchase order \S+ was paid/);
    await done.waitFor();
    return /purchase order (\S+) was paid/.exec(await done.innerText())![1]!;
  }

  orderRow(number: string): Locator {
    return this.page.locator('.fba-pod-orders .ant-table-row', { hasText: number });
  }

  /** The desk drawer's FBA panel: packs everything into one kind of box with the offered values. */
  async pack(drawer: Locator): Promise<void> {
    await drawer.getByRole('button', { name: 'Pack into boxes' }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: /^Pack purchase order/ });
    // CI once clicked during the dialog's opening zoom: the click landed, nothing was packed.
    await openedDialog(this.page, dialog);
    await dialog.getByRole('button', { name: 'Pack into boxes' }).click();
    await this.page.getByText('Packed; the inbound plan is made').waitFor({ timeout: 120_000 });
  }

  shipments(drawer: Locator): Locator {
    return drawer.locator('.fba-pod-shipments .ant-table-row');
  }

  /** The first shipment not shipped yet (its row still offers "Ship"). */
  unshipped(drawer: Locator): Locator {
    return this.shipments(drawer)
      .filter({ has: this.page.getByRole('button', { name: 'Ship', exact: true }) })
      .first();
  }

  async download(scope: Locator, button: string): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      scope.getByRole('button', { name: button }).first().click(),
    ]);
    return download;
  }

  /** Ships one shipment of the panel with a tracking number per box. */
  async ship(row: Locator, tracking: (box: number) => string): Promise<void> {
    await row.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: /^Ship shipment/ });
    const inputs = dialog.locator('.fba-ship-form input');
    await inputs.first().waitFor();
    const count = await inputs.count();
    for (let n = 0; n < count; n++) await inputs.nth(n).fill(tracking(n));
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
