import type { Locator, Page } from 'playwright-core';

/**
 * The page's last dialog once antd's opening zoom has ended: under CI's load a click during the
 * zoom landed but did nothing (a staff checkbox stayed unticked, a confirm's button unpressed).
 */
export async function openedDialog(
  page: Page,
  dialog: Locator = page.getByRole('dialog').last(),
): Promise<Locator> {
  await dialog.waitFor();
  await page.locator('.ant-zoom-appear, .ant-zoom-enter').first().waitFor({ state: 'detached' });
  return dialog;
}

/** The open select dropdown once antd's opening slide has ended, for the same reason. */
export async function openedDropdown(page: Page): Promise<Locator> {
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await dropdown.waitFor();
  await page
    .locator('.ant-slide-up-appear, .ant-slide-up-enter')
    .first()
    .waitFor({ state: 'detached' });
  return dropdown;
}
