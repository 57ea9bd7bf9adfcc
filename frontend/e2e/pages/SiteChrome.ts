import type { Locator, Page } from 'playwright-core';

/** Header, footer and toasts: present on every layout page. */
export class SiteChrome {
  constructor(readonly page: Page) {}

  get toast(): Locator {
    return this.page.locator('[data-testid="toast"]');
  }

  async toastText(): Promise<string> {
    await this.toast.first().waitFor({ state: 'visible' });
    return (await this.toast.first().innerText()).replace(/\s+/g, ' ').trim();
  }

  async waitForToast(title: string, timeout = 15_000): Promise<string> {
    const toast = this.page.locator('[data-testid="toast"]', { has: this.page.locator('[data-testid="toast-title"]', { hasText: title }) });
    await toast.first().waitFor({ state: 'visible', timeout });
    return (await toast.first().innerText()).replace(/\s+/g, ' ').trim();
  }

  headerLink(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  }

  get avatarButton(): Locator {
    return this.page.getByRole('button', { name: 'Open account menu' });
  }

  get mobileMenuButton(): Locator {
    return this.page.getByTestId('mobile-menu-button');
  }

  get mobileMenu(): Locator {
    return this.page.getByTestId('mobile-menu');
  }

  async logOut(): Promise<void> {
    await this.avatarButton.click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  get footer(): Locator {
    return this.page.locator('footer');
  }

  async subscribeToNewsletter(email: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Newsletter signup' });
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
  }
}
