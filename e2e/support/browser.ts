import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * The system Chromium, headless, with the flags this machine's closed network needs; Playwright
 * gives every launch a fresh temporary profile of its own.
 */
export async function openBrowser(
  opts: { locale?: 'zh-CN' | 'en'; viewport?: { width: number; height: number } } = {},
): Promise<Session> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({
    locale: opts.locale ?? 'zh-CN',
    viewport: opts.viewport ?? { width: 1440, height: 900 },
  });
  // CI runs e2e beside the server suite on two cores: a step that takes 2 s alone took over 30 s
  // (Playwright's default) once in two runs. Waits still end at the first sign of the state.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    close: () => browser.close(),
  };
}

/** Saves a screenshot under e2e/screenshots (git-ignored) for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
