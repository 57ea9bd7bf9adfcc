// Issue 30 item 9: Privacy and Terms are real pages in the site's layout, reached from the footer, at 375 and 1280 px.
// Static pages only. The cookie table's names and lifetimes are tied to the backend's constants by
// backend/src/accounts/legal-facts.spec.ts; here the page is checked as a visitor meets it.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot } from './support/browser';

const session = browserForFile();

async function openFromFooter(page: Page, link: 'Privacy' | 'Terms', heading: string) {
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link, exact: true }).click();
  await page.waitForURL(`**/${link.toLowerCase()}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(0);
  // In the site's layout: the header's main navigation and the footer are on the page.
  await page.getByRole('navigation', { name: 'Main' }).first().waitFor({ state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

for (const [label, viewport] of [
  ['375', MOBILE],
  ['1280', DESKTOP],
] as const) {
  test(`Privacy and Terms open from the footer and say what is stored, at ${label} px`, async () => {
    const { page } = await session.newPage(viewport);
    await page.goto('/');
    await openFromFooter(page, 'Privacy', 'Privacy');
    expect(await page.title()).toBe('Privacy - QR Code Sharks');
    const cookies = page.getByRole('table', { name: 'Cookies' });
    expect(await cookies.getByRole('row').count()).toBe(4);
    await cookies.getByRole('row', { name: /qrs\.sid\s+14 days\s+Keeps you signed in/ }).waitFor();
    await cookies.getByRole('row', { name: /qrs\.device\s+180 days/ }).waitFor();
    await cookies.getByRole('row', { name: /qrs\.gstate\s+10 minutes/ }).waitFor();
    for (const claim of [
      'salted SHA-256 hash',
      'We never store the full IP address',
      'double opt-in',
      'handled by Stripe',
      'cannot be read anywhere',
      'can no longer be read',
    ]) {
      await page.getByText(claim, { exact: false }).first().waitFor();
    }
    await page.getByRole('heading', { name: 'Deleting your account', level: 2 }).scrollIntoViewIfNeeded();
    await screenshot(page, `privacy-${label}`);

    await openFromFooter(page, 'Terms', 'Terms of use');
    expect(await page.title()).toBe('Terms - QR Code Sharks');
    await page.getByText('A free trial of 3 days', { exact: false }).waitFor();
    await screenshot(page, `terms-${label}`);
    await page.getByRole('link', { name: 'Privacy', exact: true }).first().click();
    await page.waitForURL('**/privacy');
  });
}
