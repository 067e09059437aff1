import type { Page } from 'playwright-core';

/**
 * Types the captcha answer once its image is shown: an image arriving after the answer was typed
 * clears it (the answer was for no image), and the form then refuses "Enter the captcha".
 */
export async function fillCaptcha(page: Page, answer: string): Promise<void> {
  await page.locator('.captcha-image img').waitFor();
  await page.getByPlaceholder('Type the characters shown').fill(answer);
}

export interface OperatorLogin {
  username: string;
  password: string;
  captcha: string;
}

/** Opens a console page by its path (`/sys/…`) and signs the operator in on the way. */
export async function operatorSignIn(
  page: Page,
  baseURL: string,
  path: string,
  login: OperatorLogin,
): Promise<void> {
  await page.goto(`${baseURL}/admin${path}`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByLabel('Username').fill(login.username);
  await page.getByLabel('Password').fill(login.password);
  await fillCaptcha(page, login.captcha);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
