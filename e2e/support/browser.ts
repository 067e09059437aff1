import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { getCurrentTest } from 'vitest/suite';

/** Browsers open now, so a failed test can say what their pages showed. */
const openSessions = new Set<Session>();

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
  const session: Session = {
    browser,
    context,
    page,
    close: async () => {
      // A browser a test's own afterEach closes: its pages are read before they go.
      if (getCurrentTest()?.result?.state === 'fail') await reportPages(session);
      openSessions.delete(session);
      await browser.close();
    },
  };
  openSessions.add(session);
  return session;
}

const SHOWN = '.ant-message, .ant-notification, .ant-alert, .ant-form-item-explain-error';

/**
 * What a session's pages showed when a test failed: each address, the messages, alerts and field
 * errors on it, and a screenshot. A locator's timeout says what was missing, not why (an error
 * the server sent, a page that went elsewhere), and CI keeps only the log.
 */
async function reportPages(session: Session): Promise<void> {
  const test = getCurrentTest()?.name ?? 'test';
  for (const [n, page] of session.context.pages().entries()) {
    const shown = await page
      .locator(SHOWN)
      .allInnerTexts()
      .catch((error: unknown) => [`(unreadable: ${String(error)})`]);
    const name = `failed-${test.slice(0, 40).replace(/\W+/g, '-')}-${n + 1}`;
    await shot(page, name).catch(() => undefined);
    console.log(
      `[failed test] page ${n + 1}: ${page.url()}\n  shown: ${JSON.stringify(shown)}\n  screenshot: e2e/screenshots/${name}.png`,
    );
  }
}

/** Reports the pages of the browsers still open after a failed test (support/failure-report.ts). */
export async function reportOpenPages(): Promise<void> {
  for (const session of openSessions) await reportPages(session);
}

/** Saves a screenshot under e2e/screenshots (git-ignored) for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}
