// Issue 27, item 1: an unverified account sees a banner with a Resend button on the site and in the dashboard; the
// mailed link (read from the stack's outbox) opens a page that says what happened; the banner is gone afterwards; the
// same link again is refused. Screens at 1280 and 375 px, axe on each.
// Needs: POST /api/register, /api/resend-verification, /api/verify-email, GET /api/session; the mail worker.
import type { Page } from 'playwright-core';
import { AuthPage } from './pages/AuthPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { waitForMail } from './support/outbox';

const session = browserForFile();
const LINK = /https?:\/\/[^\s"<>]+\/auth\/verify-email\?token=[A-Za-z0-9_.%-]+/;

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

describe('email verification', () => {
  test('banner and Resend in the dashboard at 1280 px, the link at 375 px, then no banner; the link works once', async () => {
    const email = uniqueEmail('unverified');
    const { page } = await session.newPage(DESKTOP);
    const auth = await new AuthPage(page).open();
    await auth.showRegister();
    await auth.register(email, 'verify-password-1');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const banner = page.getByTestId('verify-email-banner');
    await banner.getByText('Please confirm your email address').waitFor();
    expect(await banner.innerText()).toContain(email);
    await capture(page, 'verify-email-banner-dashboard');

    // The welcome mail carries the first link; Resend mails a newer one, and a second Resend within the minute is refused.
    const welcome = await waitForMail(email, 'Welcome to QR Code Sharks!');
    const firstLink = LINK.exec(welcome)?.[0];
    expect(firstLink).toBeDefined();
    await banner.getByRole('button', { name: 'Resend email' }).click();
    await banner.getByTestId('verify-email-sent').filter({ hasText: 'We have sent a new verification link' }).waitFor();
    await banner.getByRole('button', { name: 'Resend email' }).click();
    await banner.getByTestId('verify-email-sent').filter({ hasText: 'less than a minute ago' }).waitFor();
    const resent = await waitForMail(email, 'Confirm your email address for QR Code Sharks');
    const link = LINK.exec(resent)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(session.baseUrl);

    // The superseded first link says so; the newest verifies (opened signed out, as from a phone's mail app).
    const { page: phone } = await session.newPage(MOBILE);
    await phone.goto(pathOf(firstLink!));
    await phone.getByTestId('verify-email-outcome').filter({ hasText: 'replaced by a newer one' }).waitFor();
    await phone.getByRole('link', { name: 'Sign in' }).waitFor();
    await capture(phone, 'verify-email-superseded');
    const { page: phone2 } = await session.newPage(MOBILE);
    await phone2.goto(pathOf(link!));
    await phone2.getByTestId('verify-email-outcome').filter({ hasText: 'Your email address is verified. Thank you!' }).waitFor();
    await capture(phone2, 'verify-email-done');

    // The dashboard renders once the session has loaded (ProtectedRoute): then the banner is gone.
    await page.reload();
    await page.getByRole('menuitem', { name: /Active Codes/ }).waitFor();
    expect(await page.getByTestId('verify-email-banner').count()).toBe(0);

    const { page: again } = await session.newPage(MOBILE);
    await again.goto(pathOf(link!));
    await again.getByTestId('verify-email-outcome').filter({ hasText: 'This verification link has already been used.' }).waitFor();
    await capture(again, 'verify-email-used');
  });

  test('the site’s pages show the banner to an unverified account at 375 px', async () => {
    const { page } = await session.newPage(MOBILE);
    const email = uniqueEmail('site-unverified');
    expect((await page.request.post('/api/register', { data: { email, password: 'verify-password-2' } })).status()).toBe(200);
    await page.goto('/faq');
    const banner = page.getByTestId('verify-email-banner');
    await banner.getByRole('button', { name: 'Resend email' }).waitFor();
    expect(await banner.innerText()).toContain(email);
    await capture(page, 'verify-email-banner-site');
  });
});
