import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { FbaPage } from '../pages/fba-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { baseURL, captcha } from '../support/target.ts';

/** Where the lead looks at this flow's screens. */
const SHOTS = '/tmp/shots';

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function bytesOf(download: Download): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync('/tmp/fba-e2e-'), download.suggestedFilename());
  await download.saveAs(file);
  return fs.readFileSync(file);
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

const SKUS = [
  { sku: 'DEMO-TEE-BLK-M', quantity: 12 },
  { sku: 'DEMO-MUG-11OZ', quantity: 18 },
  { sku: 'DEMO-TOTE-NAT', quantity: 24 },
];

it('sends three SKUs of the demo Amazon store to FBA through every step, prints both labels and syncs to closed', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  const fba = new FbaPage(page, baseURL);
  await fba.gotoList();
  await fba.startWizard();
  await fba.fillPlan({ store: /亚马逊|Amazon/, name: `E2E restock ${Date.now()}`, items: SKUS });
  await snap(page, 'fba-1-plan');
  await fba.advance('Create inbound plan', 'Send packing information');
  await snap(page, 'fba-2-packing');

  // One T-shirt short: Amazon's own words come back and the step can be tried again.
  await fba.boxQuantity(0).fill('11');
  await page.getByRole('button', { name: 'Send packing information' }).click();
  await fba.error().waitFor();
  expect(await fba.error().innerText()).toContain(
    'The boxes hold 11 units of DEMO-TEE-BLK-M; the plan has 12.',
  );
  await snap(page, 'fba-3-packing-refused');
  await fba.boxQuantity(0).fill('12');
  await fba.advance('Send packing information', 'Confirm placement');
  await snap(page, 'fba-4-placement');
  await fba.pickSplitPlacement();
  await fba.advance('Confirm placement', 'Confirm transport');
  await snap(page, 'fba-5-transport');
  await fba.advance('Confirm transport', 'Open details');
  await page.getByRole('button', { name: 'Open details' }).click();
  await page.getByRole('button', { name: 'Sync shipments' }).waitFor();
  expect(await fba.statusTags().count()).toBe(2);

  const products = await bytesOf(await fba.download('Product labels'));
  expect(products.subarray(0, 5).toString()).toBe('%PDF-');
  const boxes = await bytesOf(await fba.download('Box labels'));
  expect(boxes.toString('latin1')).toMatch(/FBA[0-9A-Z]{9}U000001/);

  // The partnered carrier collects a step (2 s in e2e) after booking; two more and it is closed.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Sync shipments' }).click();
        await page.waitForTimeout(1500);
        return fba.statusTags().allInnerTexts();
      },
      { timeout: 60_000, interval: 2000 },
    )
    .toEqual(['Closed', 'Closed']);
  await snap(page, 'fba-6-closed');
}, 240_000);
