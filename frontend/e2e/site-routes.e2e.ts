// Route map behaviour: titles set and restored, the 404 page, the protected-route redirect.
// Static pages only (the redirect needs GET /api/user to answer 401 or fail, which it does either way).
import type { Page } from 'playwright-core';
import { browserForFile } from './support/browser';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage());
});

test('unknown routes show the not-found page', async () => {
  await page.goto('/no-such-page');
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await page.getByText('Did you forget to add the page to the router?').waitFor();
});

test('each page sets its title and the next page replaces it', async () => {
  await page.goto('/faq');
  await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
  expect(await page.title()).toBe('FAQ - QR Code Sharks');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features', exact: true }).click();
  await page.getByRole('heading', { name: 'Features', level: 1 }).waitFor();
  expect(await page.title()).toBe('Features - QR Code Sharks');
});

test('the FAQ accordion keeps one answer open', async () => {
  await page.goto('/faq');
  await page.getByTestId('faq-accordion').waitFor();
  const questions = page.getByTestId('faq-accordion').getByRole('button');
  expect(await questions.count()).toBe(12);
  await questions.nth(0).click();
  await questions.nth(1).click();
  expect(await questions.nth(0).getAttribute('aria-expanded')).toBe('false');
  expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await page.waitForURL('**/contact');
});

// Account settings is the exception: signed out it shows the spec's message (site-journey-details.e2e.ts).
test('signed-out visitors of protected pages are sent to /auth', async () => {
  for (const path of ['/bulk-generation', '/dashboard']) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/auth');
  }
});
