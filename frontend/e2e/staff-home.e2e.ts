// Issue 30 item 6(d): the staff console's home shows the figures staff look at first (new users, codes, scans today,
// mails queued, projections behind) with sign-ups per day; the subscriber list filters, counts and exports a CSV that
// holds the subscriber. Screens at 1280 and 375 px, with axe.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

interface Overview {
  newUsersToday: number;
  codes: number;
  projectionsBehind: number | null;
}

describe('the staff console home and subscriber list (/admin, /admin/newsletter-subscribers)', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows the figures, filters and counts subscribers and downloads their CSV at ${viewport.width} px`, async () => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail('home-subscriber');
      expect((await page.request.post('/api/newsletter-signup', { data: { email } })).status()).toBe(200);
      await signIn(page, STAFF_ADMIN_EMAIL);

      // Other test files create codes meanwhile (one database for the run): the page's count lies between the API's
      // count asked before it loaded and the one asked after.
      const before = (await (await page.request.get('/api/admin/overview')).json()) as Overview;
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor({ timeout: 30_000 });
      const figures = page.getByRole('region', { name: 'Figures' });
      await figures.getByTestId('overview-codes').waitFor();
      const overview = (await (await page.request.get('/api/admin/overview')).json()) as Overview;
      expect(overview.newUsersToday).toBeGreaterThanOrEqual(1);
      for (const label of ['New users today', 'New users, last 7 days', 'QR codes', 'Scans today', 'Mails queued', 'Projections behind'])
        await figures.getByText(label, { exact: true }).waitFor();
      const shown = Number((await figures.getByTestId('overview-codes').innerText()).replace(/\D/g, ''));
      expect(shown).toBeGreaterThanOrEqual(before.codes);
      expect(shown).toBeLessThanOrEqual(overview.codes);
      expect(await figures.getByRole('link', { name: /QR codes/ }).getAttribute('href')).toBe('/admin/codes');
      await figures.getByRole('heading', { name: 'Sign-ups per day' }).waitFor();
      await figures.locator('svg .MuiBarChart-element:not([height="0"])').last().waitFor(); // today's bar: someone signed up
      await capture(page, 'admin-home');

      if (viewport === MOBILE) await page.getByRole('button', { name: /open menu/i }).click();
      await page.getByRole('menuitem', { name: 'Subscribers' }).click();
      await page.getByRole('table', { name: 'Subscribers' }).waitFor();
      await page.getByPlaceholder('Email').fill(email);
      const row = page.getByRole('table', { name: 'Subscribers' }).locator('tbody tr');
      await row.filter({ hasText: email }).waitFor();
      await page
        .getByTestId('subscriber-count')
        .filter({ hasText: /^1 subscriber$/ })
        .waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.first().innerText()).toContain('Not confirmed yet');
      await capture(page, 'admin-subscribers');

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Confirmed', exact: true }).click();
      await page.getByText('No subscriber matches.').waitFor();
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Not confirmed yet' }).click();
      await row.filter({ hasText: email }).waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('newsletter-subscribers.csv');
      const csv = await readFile((await file.path())!, 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe('email,status,subscribedAt,confirmedAt,unsubscribedAt');
      expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${email.replace(/[.+]/g, '\\$&')},unconfirmed,`))]);
    });
  }
});
