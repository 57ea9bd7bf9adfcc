// Issue 15, item 2: the landing page's trial card leads a visitor through sign-up (the email carried over) and
// then starts the trial ('Free Trial Activated!'); an empty email says 'Email Required'. Signed in, the dashboard
// entry and account settings offer the trial until it is used. Screenshots of the card and the sign-up at 375/1280.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { appendToStream } from './support/events';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';
import { SiteChrome } from './pages/SiteChrome';

const session = browserForFile();

const trialCard = (page: Page) => page.getByTestId('trial-card');

describe('the trial card', () => {
  it("says 'Email Required' for an empty email, then signs the visitor up and starts the trial", async () => {
    const { page } = await session.newPage(DESKTOP);
    await page.goto('/');
    await trialCard(page).scrollIntoViewIfNeeded();
    await trialCard(page).getByRole('button', { name: 'Activate Free Trial' }).click();
    expect(await new SiteChrome(page).waitForToast('Email Required')).toContain(
      'Please enter your email address to activate your free trial.',
    );

    const email = uniqueEmail('trial');
    await trialCard(page).getByLabel('Email address').fill(email);
    await trialCard(page).getByRole('button', { name: 'Activate Free Trial' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByTestId('trial-notice').waitFor();
    await page.getByLabel('Password').fill('trial-password-9');
    await page.getByRole('button', { name: 'Create Account' }).click();

    expect(await new SiteChrome(page).waitForToast('Free Trial Activated!')).toMatch(/3-day free trial is active/);
    // Signed in, / is the dashboard (issue 16).
    await page.waitForURL((url) => url.pathname === '/dashboard/codes');
    // The new account is welcomed (item 8), and the trial is no longer offered.
    await page.getByRole('heading', { name: `Welcome, ${email}!` }).waitFor();
    const status = await page.evaluate(() => fetch('/api/trial-status').then((response) => response.json()));
    expect(status).toMatchObject({ isActive: true, trialActivated: true });
    await page.getByTestId('dashboard-entry').waitFor();
    expect(await trialCard(page).count()).toBe(0);
  });

  it('starts the trial from account settings for a signed-in user, then offers it no more', async () => {
    const { page } = await session.newPage(DESKTOP);
    const email = uniqueEmail('settings-trial');
    const response = await page.request.post('/api/register', { data: { email, password: 'trial-password-9' } });
    expect(response.ok()).toBe(true);
    await page.goto('/');
    // The dashboard entry offers it too.
    await trialCard(page).waitFor({ timeout: 15_000 });
    await page.goto('/account-settings');
    await trialCard(page).waitFor({ timeout: 15_000 });
    expect(await trialCard(page).getByLabel('Email address').inputValue()).toBe(email);
    await trialCard(page).getByRole('button', { name: 'Activate Free Trial' }).click();
    await new SiteChrome(page).waitForToast('Free Trial Activated!');
    await trialCard(page).waitFor({ state: 'detached' });
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`is captured at ${viewport.width} px with the sign-up it leads to`, async () => {
      const { page } = await session.newPage(viewport);
      await page.goto('/');
      await trialCard(page).getByLabel('Email address').fill('visitor@example.com');
      await trialCard(page).scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `trial-card-${viewport.width}`);
      await trialCard(page).getByRole('button', { name: 'Activate Free Trial' }).click();
      await page.getByTestId('trial-notice').waitFor();
      await screenshot(page, `trial-sign-up-${viewport.width}`);
    });
  }
});

// Issue 30 item 5: the header's 'Start Free Trial' starts the trial as the landing card does (signed out: sign-up, then
// the trial; signed in without a trial: at once), and while the trial runs the plan reads 'Free trial (N days left)'
// in account settings, pricing and the staff console, not 'Free'. At 1280 and 375 px, with axe and screenshots.
async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** The header's 'Start Free Trial' (a link signed out, a button signed in); on a phone inside the menu. */
async function headerTrial(page: Page, role: 'link' | 'button') {
  const phone = (page.viewportSize()?.width ?? 1280) < 900;
  const chrome = new SiteChrome(page);
  if (!phone) return page.getByRole('navigation', { name: 'Main' }).getByRole(role, { name: 'Start Free Trial' });
  await chrome.mobileMenuButton.click();
  return chrome.mobileMenu.getByRole(role, { name: 'Start Free Trial' });
}

async function expectPlan(page: Page, label: string, shot: string): Promise<void> {
  await page.goto('/account-settings');
  await page
    .getByTestId('account-plan')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .waitFor();
  await capture(page, `${shot}-settings`);
  await page.goto('/subscribe');
  expect(await page.getByTestId('current-plan').innerText()).toBe(`Your plan: ${label}`);
  expect(await page.getByTestId('plan-chip-Premium').innerText()).toBe(label);
  expect(await page.getByTestId('plan-chip-Free').count()).toBe(0);
  await capture(page, `${shot}-pricing`);
}

describe("the header's Start Free Trial and the plan while the trial runs", () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('signed out: sign-up, then the trial starts; the plan reads Free trial (3 days left) (%s)', async (_label, viewport) => {
    const { page } = await session.newPage(viewport);
    await page.goto('/features');
    const start = await headerTrial(page, 'link');
    await capture(page, 'header-trial-signed-out');
    await start.click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('trial') === '1');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByTestId('trial-notice').waitFor();
    const email = uniqueEmail('header-trial');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('trial-password-9');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await new SiteChrome(page).waitForToast('Free Trial Activated!');
    const status = await page.evaluate(() => fetch('/api/trial-status').then((response) => response.json()));
    expect(status).toMatchObject({ isActive: true, daysRemaining: 3 });
    await expectPlan(page, 'Free trial (3 days left)', 'trial-plan-3-days');
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('signed in without a trial: the header starts it at once and offers it no more (%s)', async (_label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail('header-trial-in');
    expect((await page.request.post('/api/register', { data: { email, password: 'trial-password-9' } })).ok()).toBe(true);
    await page.goto('/account-settings');
    expect(await page.getByTestId('account-plan').innerText()).toBe('Free');
    const start = await headerTrial(page, 'button');
    await capture(page, 'header-trial-signed-in');
    await start.click();
    await new SiteChrome(page).waitForToast('Free Trial Activated!');
    await page.getByTestId('account-plan').filter({ hasText: 'Free trial (3 days left)' }).waitFor();
    await page.getByRole('button', { name: 'Start Free Trial' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Start Free Trial' }).count()).toBe(0);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])("a trial's last day: 'Free trial (1 day left)' on the site and in the staff console (%s)", async (_label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail('last-day');
    expect((await page.request.post('/api/register', { data: { email, password: 'trial-password-9' } })).ok()).toBe(true);
    const userId = ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
    // Started 52 hours ago: 20 hours are left.
    const start = Date.now() - 52 * 60 * 60 * 1000;
    await appendToStream(
      `user-${userId}`,
      [
        {
          type: 'TrialActivated',
          data: {
            userId,
            trialStartDate: new Date(start).toISOString(),
            trialEndDate: new Date(start + 72 * 60 * 60 * 1000).toISOString(),
          },
        },
      ],
      userId,
    );
    await expectPlan(page, 'Free trial (1 day left)', 'trial-plan-1-day');

    const staff = (await session.newPage(viewport)).page;
    await signIn(staff, STAFF_ADMIN_EMAIL);
    await staff.goto(`/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    await staff.getByText('Free trial (1 day left)').first().waitFor({ timeout: 15_000 });
    await capture(staff, 'trial-plan-console-list');
    await staff.goto(`/admin/users/${userId}/show`);
    await staff.getByText(email).first().waitFor();
    await staff.getByText('Free trial (1 day left)').waitFor();
    await capture(staff, 'trial-plan-console-user');
  });
});
