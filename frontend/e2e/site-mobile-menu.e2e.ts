// At 375 px the header collapses into a hamburger menu with Sign In and Sign Up.
// Static pages only.
import type { Page } from 'playwright-core';
import { browserForFile, MOBILE } from './support/browser';
import { SiteChrome } from './pages/SiteChrome';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage(MOBILE));
});

test('the hamburger opens the menu, its links navigate, and it closes', async () => {
  await page.goto('/faq');
  const chrome = new SiteChrome(page);
  expect(await chrome.headerLink('Features').isVisible()).toBe(false);
  await chrome.mobileMenuButton.click();
  await chrome.mobileMenu.waitFor();
  for (const name of ['Features', 'Use Cases', 'Templates', 'Blog', 'FAQ', 'Pricing', 'Sign In', 'Sign Up']) {
    await chrome.mobileMenu.getByRole('link', { name, exact: true }).waitFor();
  }
  await chrome.mobileMenu.getByRole('link', { name: 'Templates', exact: true }).click();
  await page.waitForURL('**/templates');
  await chrome.mobileMenu.waitFor({ state: 'hidden' });

  await chrome.mobileMenuButton.click();
  await chrome.mobileMenu.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  await page.getByRole('heading', { name: 'Create Account' }).waitFor();
});

test('the page does not scroll sideways at 375 px', async () => {
  for (const path of ['/', '/features', '/contact', '/blog/1', '/subscribe']) {
    await page.goto(path);
    await page.locator('footer').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
  }
});
