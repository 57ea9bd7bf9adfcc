import type { Locator, Page } from 'playwright-core';

export class AuthPage {
  constructor(readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto('/auth');
    await this.page.getByRole('heading', { level: 1 }).waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get email(): Locator {
    return this.page.getByLabel('Email');
  }

  get password(): Locator {
    return this.page.getByLabel('Password');
  }

  helperText(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  async showRegister(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create a free account' }).click();
    await this.page.getByRole('heading', { name: 'Create Account' }).waitFor();
  }

  async showLogin(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await this.page.getByRole('heading', { name: 'Welcome back!' }).waitFor();
  }

  async register(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('form', { name: 'Create account' }).getByRole('button', { name: 'Create Account' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
  }
}
