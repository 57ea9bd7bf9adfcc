import type { Locator, Page } from 'playwright-core';

/** The signed-in dashboard (react-admin): menu, code cards and their dialogs. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  get isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 900;
  }

  /** A menu entry; on phones the slide-out menu is opened first (and closes itself after the click). */
  async go(item: 'Create QR Code' | 'Active Codes' | 'Paused Codes' | 'Batches' | 'Tags' | 'Analytics' | 'Developers'): Promise<void> {
    if (this.isPhone) await this.openMenu();
    await this.page.getByRole('menuitem', { name: new RegExp(item) }).click();
  }

  /**
   * The phone's slide-out menu. react-admin's app bar slides away while a small screen scrolls down and comes back
   * when it scrolls up, as a person scrolls: so the page goes to its top first (clicking a hidden bar waits forever).
   */
  async openMenu(): Promise<void> {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await this.page.getByRole('button', { name: 'Open menu' }).click();
  }

  get grid(): Locator {
    return this.page.getByTestId('code-grid');
  }

  get cards(): Locator {
    return this.page.getByTestId('code-card');
  }

  card(id: string): Locator {
    return this.page.locator(`[data-testid="code-card"][data-code-id="${id}"]`);
  }

  async titles(): Promise<string[]> {
    return this.cards.getByTestId('code-title').allInnerTexts();
  }

  /** Waits until the list shows exactly these titles, in this order. */
  async waitForTitles(expected: string[]): Promise<void> {
    await this.page.waitForFunction(
      (want) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="code-card"] [data-testid="code-title"]')].map((node) => node.textContent),
        ) === JSON.stringify(want),
      expected,
      { timeout: 15_000 },
    );
  }

  async more(card: Locator, item: string): Promise<void> {
    await card.getByRole('button', { name: /^More actions for/ }).click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  get pausedBadge(): Locator {
    return this.page.getByTestId('paused-count');
  }

  async waitForPausedCount(count: number): Promise<void> {
    await this.page.locator(`[data-testid="paused-count"][data-count="${count}"]`).first().waitFor({ state: 'attached', timeout: 15_000 });
  }

  get generator(): Locator {
    return this.page.getByRole('region', { name: 'Generate Your QR Code' });
  }
}
