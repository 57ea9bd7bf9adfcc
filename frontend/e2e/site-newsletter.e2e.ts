// The footer's newsletter box and the /newsletter page.
// Subscribing needs POST /api/newsletter-signup.
import type { Page } from 'playwright-core';
import { browserForFile, uniqueEmail } from './support/browser';
import { SiteChrome } from './pages/SiteChrome';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage());
});

test('an email without an at-sign shows the Invalid email toast', async () => {
  await page.goto('/faq');
  const chrome = new SiteChrome(page);
  await chrome.subscribeToNewsletter('not-an-email');
  const text = await chrome.waitForToast('Invalid email');
  expect(text).toContain('Please enter a valid email address.');
  expect(await chrome.toast.first().getAttribute('data-variant')).toBe('destructive');
});

test('footer signup: submitting, then subscribed; a repeat is accepted', async () => {
  await page.goto('/about');
  const chrome = new SiteChrome(page);
  const email = uniqueEmail('news');
  await chrome.subscribeToNewsletter(email);
  const text = await chrome.waitForToast('Welcome to the pack!');
  expect(text).toContain("You'll receive weekly Shark Tips about QR codes and marketing strategies.");
  await page.getByText('Successfully subscribed!').waitFor();

  await page.goto('/newsletter');
  await page.getByRole('heading', { name: 'Shark Tips Newsletter' }).waitFor();
  await page.locator('main').getByLabel('Email address').fill(email.toUpperCase());
  await page.locator('main').getByRole('button', { name: 'Subscribe' }).click();
  await chrome.waitForToast('Welcome to the pack!');
});
