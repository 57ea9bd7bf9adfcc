// The frontend's pages run under their Content-Security-Policy: the header is sent, and nothing the pages do
// (styles, previews, fonts, the generator's downloads) is blocked by it.
import type { Page } from 'playwright-core';
import { browserForFile, DESKTOP } from './support/browser';

const session = browserForFile();
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  ({ page } = await session.newPage(DESKTOP, { signedIn: true }));
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
});

test('pages carry a CSP, and the landing page, the generator and the account pages run under it without a violation', async () => {
  // Signed in, / is the dashboard; ?create=true opens the generator inside it.
  const response = await page.goto(`${session.baseUrl}/?create=true`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  await page
    .getByRole('button', { name: /generate/i })
    .first()
    .waitFor();
  await page
    .getByRole('tab', { name: /colors/i })
    .first()
    .click();
  await page.getByRole('tab', { name: /frame/i }).first().click();
  for (const path of ['/features', '/templates', '/account-settings', '/dashboard']) {
    await page.goto(`${session.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
