import type { Page } from 'playwright-core';

export class RegisterPage {
  constructor(
    private readonly page: Page,
    private readonly baseURL: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseURL}/register`);
    await this.page.getByRole('button', { name: 'Sign up and log in' }).waitFor();
  }

  async registerByEmail(
    input: { name: string; email: string; password: string; confirm?: string },
    captcha: string,
  ): Promise<void> {
    await this.page.getByLabel('Display or company name').fill(input.name);
    await this.page.getByLabel('E-mail', { exact: true }).fill(input.email);
    await this.page.getByLabel('Password', { exact: true }).fill(input.password);
    await this.page.getByLabel('Confirm password').fill(input.confirm ?? input.password);
    await this.page.getByPlaceholder('Type the characters shown').fill(captcha);
    // Enter submits: the form is keyboard-friendly.
    await this.page.getByPlaceholder('Type the characters shown').press('Enter');
  }
}
