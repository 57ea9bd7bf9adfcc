import type { Locator, Page } from 'playwright-core';

/** The analytics screens (issue 17): the dashboard's Analytics, a code's page, and a share link's public page. */
export class AnalyticsPages {
  constructor(readonly page: Page) {}

  tile(key: string): Locator {
    return this.page.getByTestId(`analytics-${key}`);
  }

  total(key: string): Locator {
    return this.page.getByTestId(`total-${key}`);
  }

  change(key: string): Locator {
    return this.page.getByTestId(`change-${key}`);
  }

  breakdown(dimension: string): Locator {
    return this.page.getByTestId(`breakdown-${dimension}`);
  }

  breakdownValues(dimension: string): Promise<string[]> {
    return this.breakdown(dimension)
      .locator('[data-value]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-value') ?? ''));
  }

  /** Waits until a figure reads exactly this text (the page refetches as scans arrive). */
  async waitForText(locator: Locator, text: string, timeout = 20_000): Promise<void> {
    await locator.filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor({ timeout });
  }

  /** Waits until the code page has answered for its current period and filters. */
  async settled(): Promise<void> {
    await this.page.locator('[data-testid="code-analytics"][data-loading="false"]').waitFor({ timeout: 20_000 });
    await this.page.getByTestId('total-scans').waitFor({ timeout: 20_000 });
  }

  async period(label: '7 days' | '30 days' | '90 days' | 'Year' | 'Custom'): Promise<void> {
    await this.page.getByRole('group', { name: 'Period' }).getByRole('button', { name: label, exact: true }).click();
    await this.settled();
  }

  async tab(name: 'Overview' | 'History' | 'Share'): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Code analytics sections' }).getByRole('button', { name, exact: true }).click();
  }

  get liveScans(): Locator {
    return this.page.getByTestId('live-scan');
  }

  get shareLinks(): Locator {
    return this.page.getByTestId('share-link');
  }
}
