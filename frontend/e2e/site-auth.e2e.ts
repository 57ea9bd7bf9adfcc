// Sign up, sign out, sign in through the real account endpoints; the auth page's own validation.
// Needs: POST /api/register, POST /api/login, POST /api/logout, GET /api/user.
import type { Page } from 'playwright-core';
import { browserForFile, uniqueEmail } from './support/browser';
import { AuthPage } from './pages/AuthPage';
import { SiteChrome } from './pages/SiteChrome';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage());
});

describe('/auth', () => {
  test('shows the login view with its title and validation messages', async () => {
    const auth = await new AuthPage(page).open();
    expect(await page.title()).toBe('Login to QR Generator');
    expect(await auth.heading.innerText()).toBe('Welcome back!');
    await page.getByRole('link', { name: 'Forgot my password' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
    await auth.helperText('Username is required').waitFor();
    await auth.helperText('Password is required').waitFor();
  });

  test('shows the register view with its validation messages', async () => {
    const auth = await new AuthPage(page).open();
    await auth.showRegister();
    await page.getByRole('button', { name: 'Sign up with Google' }).waitFor();
    await auth.email.fill('not-an-email');
    await auth.password.fill('123');
    await page.getByRole('form', { name: 'Create account' }).getByRole('button', { name: 'Create Account' }).click();
    await auth.helperText('Invalid email address').waitFor();
    await auth.helperText('Password must be at least 6 characters').waitFor();
    await auth.showLogin();
  });

  test('sign up, sign out and sign in again', async () => {
    const email = uniqueEmail('signup');
    const password = 'correct-horse-1';
    const chrome = new SiteChrome(page);
    const auth = await new AuthPage(page).open();
    await auth.showRegister();
    await auth.register(email, password);
    expect(await chrome.waitForToast('Registration successful')).toContain(`Welcome, ${email}!`);
    // Home for a signed-in user is the dashboard: `/` passes the new account on to /dashboard. Waiting for `/` alone
    // raced that hand-over (the menu opened in the site's header, then the dashboard replaced it: CI saw it once).
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await chrome.avatarButton.waitFor();

    await chrome.avatarButton.click();
    expect(await page.getByTestId('menu-username').innerText()).toBe(email);
    for (const item of ['Account Settings', 'Change Password', 'Bulk Generation', 'Subscription', 'Log out'])
      await page.getByRole('menuitem', { name: item }).waitFor();
    await page.keyboard.press('Escape');

    await chrome.logOut();
    expect(await chrome.waitForToast('Logged out')).toContain('You have been successfully logged out');
    await chrome.headerLink('Log in').waitFor();

    await auth.open();
    await auth.signIn(email, password);
    expect(await chrome.waitForToast('Login successful')).toContain(`Welcome back, ${email}!`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await chrome.avatarButton.waitFor();

    // A signed-in visitor of /auth is sent home, which for them is the dashboard.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  test('a wrong password shows the login failure toast', async () => {
    const chrome = new SiteChrome(page);
    await page.context().clearCookies();
    const auth = await new AuthPage(page).open();
    await auth.signIn(uniqueEmail('nobody'), 'wrong-password');
    await chrome.waitForToast('Login failed');
  });
});
