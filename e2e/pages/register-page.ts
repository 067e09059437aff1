import type { Page } from 'playwright-core';
import { fillCaptcha } from './sign-in.ts';

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
    // Sign-up proves the mailbox with a code; the demo server keeps mail in its dev outbox.
    await this.page.getByRole('button', { name: 'Send code' }).click();
    await this.page.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
    await this.page.getByLabel('E-mail code').fill(await this.outboxCode(input.email));
    await this.page.getByLabel('Password', { exact: true }).fill(input.password);
    await this.page.getByLabel('Confirm password').fill(input.confirm ?? input.password);
    await fillCaptcha(this.page, captcha);
    // Enter submits: the form is keyboard-friendly.
    await this.page.getByPlaceholder('Type the characters shown').press('Enter');
  }

  private async outboxCode(recipient: string): Promise<string> {
    const res = await this.page.request.get(
      `${this.baseURL}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
    );
    const { data } = (await res.json()) as { data: { body: string }[] };
    const code = /\b(\d{6})\b/.exec(data[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${recipient}`);
    return code;
  }
}
