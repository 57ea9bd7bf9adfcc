import type { Page } from 'playwright-core';

export class BlogPage {
  constructor(readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto('/blog');
    await this.page.getByRole('heading', { name: 'QR Code Sharks Blog' }).waitFor();
    return this;
  }

  cards() {
    return this.page.getByTestId('blog-card');
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search articles').fill(text);
  }

  async category(name: string): Promise<void> {
    await this.page.getByRole('group', { name: 'Filter articles by category' }).getByRole('button', { name, exact: true }).click();
  }

  async readMore(title: string): Promise<void> {
    await this.page.getByRole('link', { name: `Read More: ${title}` }).click();
  }
}
