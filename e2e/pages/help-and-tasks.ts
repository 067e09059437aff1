import type { Locator, Page } from 'playwright-core';
import { operatorSignIn, type OperatorLogin } from './sign-in.ts';

/** Signs an operator in at /admin/login and opens a console page by its path. */
export async function operatorOpens(
  page: Page,
  baseURL: string,
  path: string,
  login: OperatorLogin,
): Promise<void> {
  await operatorSignIn(page, baseURL, path, login);
  await page.waitForURL(new RegExp(`/admin${path}$`));
}

/** /admin/sys/article: writing and publishing a help article. */
export class HelpArticlesConsole {
  constructor(private readonly page: Page) {}

  async write(article: {
    slug: string;
    titleZh: string;
    bodyZh: string;
    titleEn: string;
    bodyEn: string;
  }): Promise<void> {
    const { page } = this;
    await page.getByRole('button', { name: 'Write an article' }).click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: 'Write an article' });
    await drawer.waitFor();
    await drawer.getByLabel('Slug').fill(article.slug);
    await drawer.getByRole('switch', { name: 'Published' }).click();
    await drawer.getByLabel('Title (Chinese)').fill(article.titleZh);
    await drawer.getByLabel('Body (Chinese)').fill(article.bodyZh);
    await drawer.getByRole('tab', { name: 'English' }).click();
    await drawer.getByLabel('Title (English)').fill(article.titleEn);
    await drawer.getByLabel('Body (English)').fill(article.bodyEn);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
  }

  row(text: string): Locator {
    return this.page.locator('.ant-table-row').filter({ hasText: text });
  }
}

/** /admin/sys/task: one task's row, its buttons and its run log. */
export class TasksConsole {
  constructor(private readonly page: Page) {}

  row(job: string): Locator {
    return this.page.locator('.ant-table-row').filter({ hasText: job });
  }

  async press(job: string, button: string): Promise<void> {
    await this.row(job).getByRole('button', { name: button, exact: true }).click();
  }

  async runOnce(job: string, body: string): Promise<void> {
    await this.press(job, 'Run once');
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'now' });
    await dialog.getByLabel('Body (JSON)').fill(body);
    await dialog.getByRole('button', { name: 'Run now' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async openLog(job: string): Promise<Locator> {
    await this.press(job, 'Log');
    const drawer = this.page.locator('.ant-drawer-section').filter({ hasText: 'Runs of' });
    await drawer.waitFor();
    return drawer;
  }
}
