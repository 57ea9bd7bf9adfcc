// The footer's newsletter box and the /newsletter page, at 1280 and 375 px (axe, screenshots).
// Subscribing needs POST /api/newsletter-signup.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
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

// Issue 30 item 7: the sign-up says what happens next (a confirmation link), not that tips are on their way.
test.each([
  ['desktop', DESKTOP],
  ['phone', MOBILE],
])('footer signup: submitting, then "check your inbox to confirm"; a repeat is accepted (%s)', async (_label, viewport) => {
  const { page } = await session.newPage(viewport);
  await page.goto('/about');
  const chrome = new SiteChrome(page);
  const email = uniqueEmail('news');
  await chrome.subscribeToNewsletter(email);
  const text = await chrome.waitForToast('Check your inbox to confirm');
  expect(text).toContain(`We sent a confirmation link to ${email}. Your Shark Tips start once you click it.`);
  expect(text).not.toContain("You'll receive weekly Shark Tips");
  const success = page.getByTestId('newsletter-success');
  await success.waitFor();
  expect(await success.innerText()).toBe('Almost there: check your inbox to confirm your subscription.');
  expect(await page.getByText('Successfully subscribed!').count()).toBe(0);
  await success.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `newsletter-signup-${viewport.width}`);

  await page.goto('/newsletter');
  await page.getByRole('heading', { name: 'Shark Tips Newsletter' }).waitFor();
  await page.locator('main').getByLabel('Email address').fill(email.toUpperCase());
  await page.locator('main').getByRole('button', { name: 'Subscribe' }).click();
  await chrome.waitForToast('Check your inbox to confirm');
});
