import type { Locator, Page } from 'playwright-core';

/** The signed-in layout: sidebar, header and tab strip. */
export class Shell {
  constructor(private readonly page: Page) {}

  /** A sidebar entry by its label; antd icons add their own name in front of it. */
  menuEntry(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page
      .locator('.ant-layout-sider')
      .getByRole('menuitem', { name: new RegExp(`(^|\\s)${escaped}$`) });
  }

  /** Opens a page from the sidebar, expanding its group first when it is folded. */
  async openFromMenu(group: string, item: string): Promise<void> {
    const entry = this.menuEntry(item);
    if (!(await entry.isVisible())) await this.menuEntry(group).click();
    await entry.click();
  }

  async tabLabels(): Promise<string[]> {
    return this.page.locator('.app-tabs .ant-tabs-tab').allInnerTexts();
  }

  async activeTab(): Promise<string> {
    return this.page.locator('.app-tabs .ant-tabs-tab-active').innerText();
  }

  async clickTab(label: string): Promise<void> {
    await this.page.locator('.app-tabs .ant-tabs-tab', { hasText: label }).click();
  }

  async closeTab(label: string): Promise<void> {
    await this.page
      .locator('.app-tabs .ant-tabs-tab', { hasText: label })
      // The × is drawn inside the tab, hidden from assistive technology (the tablist holds only tabs).
      .locator('.app-tabs__close')
      .click();
  }

  async userName(): Promise<string> {
    return this.page.locator('.app-user__name').innerText();
  }

  async logout(): Promise<void> {
    await this.page.locator('.app-user').click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  }
}
