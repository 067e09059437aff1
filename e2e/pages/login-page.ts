import type { Page } from 'playwright-core';
import { fillCaptcha } from './sign-in.ts';

/** /login in English: the e-mail tab is the default. */
export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/login`);
    await this.page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
  }

  async loginByEmail(email: string, password: string, captcha: string): Promise<void> {
    await this.page.getByLabel('E-mail', { exact: true }).fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await fillCaptcha(this.page, captcha);
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
  }
}
