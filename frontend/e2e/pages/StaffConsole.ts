import type { Locator, Page } from 'playwright-core';

/** The staff console at /admin (react-admin): menu, lists with their search, record pages and their tabs. */
export class StaffConsole {
  constructor(readonly page: Page) {}

  get isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 900;
  }

  async open(): Promise<void> {
    await this.page.goto('/admin');
    await this.page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor({ timeout: 30_000 });
  }

  /** A menu entry; on phones the sidebar is opened first. */
  async go(item: 'Audit log' | 'Users' | 'QR codes' | 'Blocked domains'): Promise<void> {
    if (this.isPhone)
      await this.page
        .getByRole('button', { name: /open menu|toggle/i })
        .first()
        .click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  /** Types into the list's always-on search and waits for the list to answer it. */
  async search(text: string): Promise<void> {
    const box = this.page.getByPlaceholder(/search|email or name|name, destination/i).first();
    await box.fill(text);
    await this.page.waitForURL((url) => decodeURIComponent(url.search).includes(text));
  }

  /** A row of the list (table row on wide screens, list item on phones) holding this text. */
  row(text: string): Locator {
    return this.page.locator('tbody tr, .RaSimpleList-root a').filter({ hasText: text }).first();
  }

  /** A row of one of the page's tables (by its label: 'Codes', 'Timeline', 'Users', ...) holding this text. */
  tableRow(table: string, text: string): Locator {
    return this.page.getByRole('table', { name: table }).locator('tbody tr').filter({ hasText: text }).first();
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** Confirms the reason dialog of a suspension or a disabling. */
  async giveReason(reason: string, confirm: string): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole('button', { name: confirm }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The diff table of an event page: [field, before, after] per row. */
  async changes(): Promise<string[][]> {
    const table = this.page.getByRole('table', { name: 'Changes' });
    await table.waitFor();
    return table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
  }
}
