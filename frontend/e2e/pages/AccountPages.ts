import type { Page } from 'playwright-core';
import { AuthPage } from './AuthPage';
import { SiteChrome } from './SiteChrome';

/** Signs a fresh user up through the real form and waits until the header shows the avatar. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  const auth = await new AuthPage(page).open();
  await auth.showRegister();
  await auth.register(email, password);
  await new SiteChrome(page).avatarButton.waitFor({ timeout: 15_000 });
}

export class AccountSettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<this> {
    await this.page.goto('/account-settings');
    await this.page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    return this;
  }

  async rename(firstName: string, lastName: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit', exact: true }).click();
    await this.page.getByLabel('First name').fill(firstName);
    await this.page.getByLabel('Last name').fill(lastName);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  name() {
    return this.page.getByTestId('account-name').innerText();
  }
}

export class ChangePasswordDialog {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await new SiteChrome(this.page).avatarButton.click();
    await this.page.getByRole('menuitem', { name: 'Change Password' }).click();
    await this.dialog.waitFor();
  }

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Change Password' });
  }

  async submit(current: string, next: string, confirm: string): Promise<void> {
    await this.dialog.getByLabel('Current password').fill(current);
    await this.dialog.getByLabel('New password', { exact: true }).fill(next);
    await this.dialog.getByLabel('Confirm new password').fill(confirm);
    await this.dialog.getByRole('button', { name: 'Update Password' }).click();
  }
}
