import fs from 'node:fs';
import type { Download } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FbaPage } from '../pages/fba-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { PodToFba } from '../pages/pod-to-fba.ts';
import { ProductionDesk } from '../pages/production-desk.ts';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { baseURL, captcha } from '../support/target.ts';

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

async function bytesOf(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}

/**
 * Issue 21's POD to FBA as the demo seller and an operator: the seller buys finished products
 * for the demo Amazon store's FBA stock from the balance, the operator accepts them into
 * production, packs them into boxes (the inbound plan is made of those boxes on the Amazon
 * simulator), prints product and box labels and ships each shipment with tracking; the seller
 * watches the shipments reach "closed".
 */
it('sends finished products from production to FBA: bought, produced, packed, labelled, shipped, closed', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  const pod = new PodToFba(page, baseURL);
  await pod.gotoShipments();
  const drawer = await pod.pick('DEMO-', { 'DEMO-TEE-BLK-M': 4, 'DEMO-MUG-11OZ': 2 });
  expect(await drawer.locator('.fba-pod-quote').innerText()).toMatch(/Total/);
  await shot(page, 'pod-fba-1-quote-en');
  const poNumber = await pod.pay(drawer, '135790');
  await pod.orderRow(poNumber).getByText('Paid, waiting for production').waitFor();

  const operator = await session.context.newPage();
  const desk = new ProductionDesk(operator, baseURL);
  await desk.signIn('admin', 'Admin@123456', captcha);
  const row = await desk.find(poNumber);
  await row.locator('.fba-mark').waitFor();
  const panelDrawer = await desk.open(poNumber);
  await panelDrawer.getByRole('button', { name: 'Accept' }).click();
  const deskPod = new PodToFba(operator, baseURL);
  await panelDrawer.getByRole('button', { name: 'Pack into boxes' }).waitFor();
  await shot(operator, 'pod-fba-2-desk-en');
  await deskPod.pack(panelDrawer);
  await expect.poll(() => deskPod.shipments(panelDrawer).count()).toBeGreaterThan(0);
  await shot(operator, 'pod-fba-3-packed-en');

  const products = await bytesOf(await deskPod.download(panelDrawer, 'Product labels'));
  expect(products.subarray(0, 5).toString()).toBe('%PDF-');
  const shipments = deskPod.shipments(panelDrawer);
  const count = await shipments.count();
  for (let n = 0; n < count; n++) {
    const boxes = await bytesOf(await deskPod.download(shipments.nth(n), 'Box labels'));
    expect(boxes.toString('latin1')).toMatch(/FBA[0-9A-Z]{9}U000001/);
  }
  const stamp = String(Date.now()).slice(-8);
  for (let n = 0; n < count; n++) {
    await deskPod.ship(deskPod.unshipped(panelDrawer), (box) => `7712${stamp}${n}${box}`);
  }
  await panelDrawer.locator('.ant-tag', { hasText: 'Shipped' }).first().waitFor();
  await shot(operator, 'pod-fba-4-shipped-en');

  // The seller follows the plan to Amazon's "closed" (2 s a step on the e2e simulators).
  await pod.gotoShipments();
  await pod.orderRow(poNumber).locator('a').first().click();
  const fba = new FbaPage(page, baseURL);
  await page.getByRole('button', { name: 'Sync shipments' }).waitFor();
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Sync shipments' }).click();
        await page.waitForTimeout(1500);
        const tags = await fba.statusTags().allInnerTexts();
        return tags.length > 0 && tags.every((s) => s === 'Closed');
      },
      { timeout: 90_000, interval: 2000 },
    )
    .toBe(true);
  await pod.gotoShipments();
  await pod.orderRow(poNumber).getByText('Received by Amazon').waitFor();
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await shot(page, 'pod-fba-5-closed-en');
}, 480_000);
