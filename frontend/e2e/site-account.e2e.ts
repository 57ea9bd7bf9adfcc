// Signed-in pages: account settings (name edit, delete), the change-password dialog wired to the real call,
// the lazily loaded dashboard (signed in, / is the dashboard). Bulk generation (the batch creator) is batches.e2e.ts.
// Needs: register/login/user, PUT /api/update-name, POST /api/change-password, POST /api/delete-account.
// The pages start as the run's stored signed-in user (storageState). Changing the password and deleting
// the account end sessions, so those two sign up a user of their own through the real form.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { storedUser } from './support/run';
import { AccountSettingsPage, ChangePasswordDialog, signUp } from './pages/AccountPages';
import { AuthPage } from './pages/AuthPage';
import { SiteChrome } from './pages/SiteChrome';

const session = browserForFile();

describe('as the stored signed-in user', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await session.newPage(undefined, { signedIn: true }));
  });

  test('account settings: info card and name edit with trimming', async () => {
    const settings = await new AccountSettingsPage(page).open();
    await page.getByText(storedUser().email, { exact: true }).first().waitFor();
    await page.getByText('Email account').waitFor();
    await page.getByText('Free', { exact: true }).waitFor();
    await settings.rename('  Grace ', ' Hopper  ');
    await new SiteChrome(page).waitForToast('Name Updated');
    await page.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'Grace Hopper');
  });

  test('signed in, / is the react-admin dashboard, loaded on demand', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // A site page does not load react-admin, even signed in.
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
    expect(scripts.some((url) => url.includes('DashboardApp'))).toBe(false);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/dashboard/codes');
    await page.getByTestId('dashboard-entry').waitFor({ timeout: 30_000 });
    expect(scripts.some((url) => url.includes('DashboardApp'))).toBe(true);
  });
});

describe('as a user of its own (its sessions end)', () => {
  let page: Page;
  const email = uniqueEmail('account');
  const password = 'first-password-1';

  beforeAll(async () => {
    ({ page } = await session.newPage());
    await signUp(page, email, password);
  });

  test('change password: the spec messages, then a real change that the next login needs', async () => {
    const chrome = new SiteChrome(page);
    const dialog = new ChangePasswordDialog(page);
    await page.goto('/');
    await dialog.open();
    await dialog.submit('', '123', '');
    for (const message of ['Current password is required', 'Password must be at least 6 characters', 'Please confirm your new password']) {
      await dialog.dialog.getByText(message, { exact: true }).waitFor();
    }
    await dialog.submit(password, 'second-password-2', 'different-1');
    await dialog.dialog.getByText("Passwords don't match", { exact: true }).waitFor();
    await dialog.submit(password, 'second-password-2', 'second-password-2');
    await chrome.waitForToast('Password updated');
    await dialog.dialog.waitFor({ state: 'hidden' });

    await chrome.logOut();
    await chrome.waitForToast('Logged out');
    const auth = await new AuthPage(page).open();
    await auth.signIn(email, 'second-password-2');
    await chrome.waitForToast('Login successful');
  });

  // Issue 30 item 8: the dialog asks for the password; an empty or wrong one deletes nothing (at 375 and 1280 px).
  test('delete account: asks for the password, refuses a wrong one, then toast and home after 2 seconds', async () => {
    for (const [label, viewport] of [
      ['375', MOBILE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await new AccountSettingsPage(page).open();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const field = dialog.getByLabel('Password');
      await field.waitFor();
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await dialog.getByText('Please enter your password to delete your account').waitFor();
      await field.fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await dialog.getByText('Password is incorrect').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `delete-account-${label}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    // Nothing was deleted: the account is still signed in.
    await page.reload();
    await page.getByText(email, { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('second-password-2');
    await dialog.getByLabel('Password').press('Enter');
    await new SiteChrome(page).waitForToast('Account Deleted');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await new SiteChrome(page).headerLink('Log in').waitFor();
  });
});
