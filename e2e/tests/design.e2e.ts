import fs from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBrowser, shot, type Session } from '../support/browser.ts';
import { logoPng } from '../support/png.ts';
import { DesignToolPage } from '../pages/design-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import type { Page } from 'playwright-core';
import { baseURL, captcha } from '../support/target.ts';

/** Where the lead looks at the design tool's screenshots. */
const SHOTS = '/tmp/shots';

async function designShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/design-${name}.png` });
  await shot(page, `design-${name}`);
}

let session: Session;
beforeEach(async () => {
  session = await openBrowser({ locale: 'en' });
  await session.context.addInitScript(() => localStorage.setItem('lang', 'en'));
});
afterEach(async () => session.close());

it('designs a T-shirt as a visitor, saves it after logging in and finds its mockups', async () => {
  const { page } = session;
  const tool = new DesignToolPage(page);

  await tool.openFromPublicSite(baseURL);
  await tool.pickFirstTshirt();

  // Signed out, the logo stays in the page until the save uploads it.
  await tool.uploadImage({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await tool.addText();
  expect(await tool.layers().allInnerTexts()).toEqual(['Your text', 'Image 1']);
  await page.getByText('All good: the artwork is sharp and inside the print area.').waitFor();
  await tool.switchColour();
  await tool.canvasDrawn();
  await designShot(page, 'editor');

  const title = `E2E design ${Date.now().toString(36)}`;
  await tool.save(title);
  await page.waitForURL(/\/login\?redirect=/);
  const login = new LoginPage(page, baseURL);
  await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
  await login.loginByEmail('demo@example.com', 'Demo@123456', captcha);

  // Back in the editor with the design restored; the save finishes by itself.
  await page.waitForURL(/\/design\?product=\d+/);
  await tool.waitForMockups();
  expect(page.url()).toMatch(/design=\d+/);
  expect(await tool.layers().allInnerTexts()).toEqual(['Your text', 'Image 1']);
  await designShot(page, 'saved');

  await tool.openCollect();
  const card = page.locator('.library-card:visible', { hasText: title });
  await card.waitFor();
  const picture = card.locator('img').first();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await picture.getAttribute('src')).toMatch(/^\/api\/files\//);
  await card.scrollIntoViewIfNeeded();
  await designShot(page, 'collect');
});
