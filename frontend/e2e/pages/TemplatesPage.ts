import type { Page } from 'playwright-core';

export class TemplatesPage {
  constructor(readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto('/templates');
    await this.page.getByRole('heading', { name: 'QR Code Templates' }).waitFor();
    return this;
  }

  cards() {
    return this.page.locator('[data-testid^="template-"]');
  }

  async filter(category: string): Promise<void> {
    await this.page
      .getByRole('group', { name: 'Filter templates by category' })
      .getByRole('button', { name: category, exact: true })
      .click();
  }

  async use(id: string): Promise<void> {
    await this.page
      .getByTestId(`template-${id}`)
      .getByRole('button', { name: /^Use Template/ })
      .click();
  }
}
