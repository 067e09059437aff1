import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, type Session } from '../support/browser.ts';
import { LoginPage } from '../pages/login-page.ts';
import { StoresPage, type AuthorizeOptions } from '../pages/stores-page.ts';
import { baseURL, captcha } from '../support/target.ts';

/** Where the lead looks at this flow's screens. */
const SHOTS = '/tmp/shots';

async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

/** One store on each marketplace, on sites the demo seller's seeded sandbox stores do not use where there are others. */
const STORES: AuthorizeOptions[] = [
  { marketplace: 'Amazon', site: 'United Kingdom', alias: 'E2E Amazon UK' },
  { marketplace: 'Shopify', alias: 'E2E Shopify', shop: 'e2e-shop.myshopify.com' },
  { marketplace: 'Shopee', site: 'Malaysia', alias: 'E2E Shopee MY', consent: { option: 'MY' } },
  // Another mall than the demo seller's seeded Temu store, so this adds a store.
  { marketplace: 'Temu', alias: 'E2E Temu US', consent: { account: '700000000001' } },
];

it('authorizes a store on each marketplace through its consent page, then renames, switches, staffs and deletes one', async () => {
  const { page } = session;
  const login = new LoginPage(page, baseURL);
  await login.goto();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);
  await page.waitForURL(/\/home\/index$/);

  const stores = new StoresPage(page, baseURL);
  await stores.goto();
  await stores.settled();
  await snap(page, 'stores-list-before');

  for (const [index, store] of STORES.entries()) {
    await stores.openAuthorizeDialog();
    await stores.fillAuthorizeDialog(store);
    if (index === 0) await snap(page, 'stores-authorize-dialog');
    await stores.continueToConsent(store.marketplace);
    await snap(page, `stores-consent-${store.marketplace.toLowerCase()}`);
    await stores.consent(store.consent);
    // The callback's query is removed once the message is shown, and the new row stands out.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await stores.row(store.alias).waitFor();
    expect(await stores.row(store.alias).getAttribute('class')).toContain('markets-row--new');
  }
  await stores.settled();
  await snap(page, 'stores-list');

  await stores.rename('E2E Shopify', 'E2E Shopify renamed');
  await stores.switchOff('E2E Shopify renamed');
  expect(await stores.switchOf('E2E Shopify renamed').getAttribute('aria-checked')).toBe('false');
  await stores.switchOn('E2E Shopify renamed');
  await expect
    .poll(() => stores.switchOf('E2E Shopify renamed').getAttribute('aria-checked'))
    .toBe('true');

  await stores.assignStaff('E2E Shopify renamed', /staff1@example\.com/);
  await expect.poll(() => stores.row('E2E Shopify renamed').getByText('1 staff').count()).toBe(1);

  await stores.delete('E2E Shopify renamed');
  await expect.poll(() => stores.row('E2E Shopify renamed').count()).toBe(0);
  await stores.settled();
  await snap(page, 'stores-list-after');
}, 240_000);
