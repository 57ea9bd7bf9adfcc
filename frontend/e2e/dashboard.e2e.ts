// Issue 16: the signed-in dashboard on react-admin, tried as a new user would. A new account reads 'No QR codes yet';
// makes a dynamic code in the dashboard's generator and finds it first in the list, drawn exactly as its download;
// renames and duplicates it; edits its destination (a scan of /d/ lands on the new URL; a stale edit shows the current
// value); pauses it (paused view, badge, /d/ answers the paused page), resumes it, deletes it with confirmation. The
// trial banner from GET /api/trial-status; on the free plan at its cap the 'Dynamic QR Code limit reached' toast
// without a request. Every screen captured at 375 and 1280 px and checked with axe-core (no serious or critical).
// A trial that really ended (TrialActivated with past dates appended to the user's stream on the run's database, read
// by the real backend): the expired banner, Upgrade to /subscribe, and the free plan's cap of 3 in the dashboard.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { trialActivatedDaysAgo } from './support/events';
import { until } from './support/until';
import { dismissToast } from './support/toasts';

const session = browserForFile();

interface Code {
  id: string;
  shortCode: string;
  version: number;
  destination: string | null;
}

async function register(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await page.request.post('/api/register', { data: { email, password: 'dashboard-password-9' } });
  expect(registered.ok()).toBe(true);
  return email;
}

/** Captures the screen at this viewport and checks it with axe-core. */
/**
 * A scan of /d/{code} once it answers as `done` says, or the last answer after 15 s. The save's answer waits for the
 * redirect's read model for at most 5 s and then answers from the committed events (read-your-writes is bounded), so on
 * a loaded machine the first scan right after the toast may still see the old target for a moment.
 */
async function scanUntil(
  page: Page,
  shortCode: string,
  done: (answer: { status: number; location?: string; body: string }) => boolean,
): Promise<{ status: number; location?: string; body: string }> {
  let answer = { status: 0, location: undefined as string | undefined, body: '' };
  const answered = async () => {
    const response = await page.request.get(`/d/${shortCode}`, { maxRedirects: 0 });
    answer = { status: response.status(), location: response.headers().location, body: await response.text() };
    return done(answer);
  };
  // On timeout it answers the last answer (callers assert on it).
  await until(answered, `the answer wanted from /d/${shortCode}`, 15_000).catch(() => undefined);
  return answer;
}

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Dialogs and menus fade in: colours are checked once every transition has ended.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

async function codesOf(page: Page): Promise<Code[]> {
  return (await (await page.request.get('/api/dynamic-qrcodes')).json()) as Code[];
}

describe('the dashboard', () => {
  it(
    'a new user: empty state, trial banner, creates a dynamic code and renames, duplicates, edits, pauses, resumes and ' +
      'deletes it (1280 px)',
    async () => {
      const { page } = await session.newPage(DESKTOP);
      const chrome = new SiteChrome(page);
      const dashboard = new DashboardPage(page);
      const email = await register(page, 'dashboard');

      // Signed in, / is the dashboard: a new account has no codes yet and no trial banner before a trial.
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/dashboard/codes');
      await page.getByRole('heading', { name: 'No QR codes yet' }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('trial-banner').count()).toBe(0);
      await capture(page, 'dashboard-empty');

      // The trial starts (the landing's card does it through the same call): the banner counts the days.
      expect((await page.request.post('/api/activate-trial', { data: { email } })).status()).toBe(200);
      await page.reload();
      const banner = page.getByTestId('trial-banner');
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.innerText()).toContain('Free trial: 3 days remaining');
      expect(await banner.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscribe');

      // Create QR Code: the site's generator inside the dashboard.
      await dashboard.go('Create QR Code');
      await dashboard.generator.getByRole('button', { name: 'Dynamic' }).click();
      const first = `https://menu.example/${Date.now()}`;
      await dashboard.generator.getByLabel('Website URL').first().fill(first);
      await dashboard.generator.getByRole('button', { name: 'Generate QR Code' }).click();
      await chrome.waitForToast('Dynamic QR Code generated');
      await capture(page, 'dashboard-create');
      const [made] = await codesOf(page);

      // Active Codes: the new code first, drawn by qr-core exactly as the server's SVG download.
      await dashboard.go('Active Codes');
      await dashboard.waitForTitles([first.replace('https://', '')]);
      const card = dashboard.card(made.id);
      const shown = await card.getByTestId('code-image').getAttribute('src');
      const downloaded = await (await page.request.get(`/api/qrcodes/${made.id}/download?format=svg`)).text();
      expect(decodeURIComponent((shown ?? '').replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(downloaded);
      expect(await card.getByTestId('scan-count').innerText()).toContain('0 scans');

      // Rename, then duplicate ('Copy of ...', first in the list).
      await dashboard.more(card, 'Rename');
      await dashboard.dialog('Rename QR code').getByLabel('Name').fill('Spring menu');
      await capture(page, 'dashboard-rename');
      await dashboard.dialog('Rename QR code').getByRole('button', { name: 'Save' }).click();
      await dashboard.waitForTitles(['Spring menu']);
      await dashboard.more(card, 'Duplicate');
      await chrome.waitForToast('Dynamic QR Code saved');
      await dashboard.waitForTitles(['Copy of Spring menu', 'Spring menu']);
      await capture(page, 'dashboard-list');
      const copies = await codesOf(page);
      expect(copies).toHaveLength(2);
      expect(copies[0].shortCode).not.toBe(made.shortCode);
      expect(copies[0].destination).toBe(first);

      // Edit destination: the spec's message for a bad URL, then a scan of /d/ lands on the new one.
      await card.getByRole('button', { name: 'Edit destination' }).click();
      const editor = dashboard.dialog('Edit destination');
      await editor.getByLabel('Destination URL').fill('not a url');
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.getByText('Please enter a valid URL').waitFor();
      await capture(page, 'dashboard-destination');
      const second = `${first}/spring`;
      await editor.getByLabel('Destination URL').fill(second);
      await editor.getByRole('button', { name: 'Save' }).click();
      await chrome.waitForToast('Dynamic QR Code saved');
      await editor.waitFor({ state: 'detached' });
      const redirect = await scanUntil(page, made.shortCode, (answer) => answer.location === second);
      expect(redirect.status).toBe(302);
      expect(redirect.location).toBe(second);

      // A stale edit: someone else changes the destination after the card was read; saving says so and shows theirs.
      await card.getByText(`→ ${second}`).waitFor();
      const current = (await codesOf(page)).find((code) => code.id === made.id);
      const theirs = `${first}/theirs`;
      const put = await page.request.put(`/api/dynamic-qrcodes/${made.id}`, {
        data: { destination: theirs },
        headers: { 'If-Match': `"${current?.version}"` },
      });
      expect(put.status()).toBe(200);
      await card.getByRole('button', { name: 'Edit destination' }).click();
      await editor.getByLabel('Destination URL').fill(`${first}/mine`);
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.getByTestId('stale-edit').waitFor();
      expect(await editor.getByLabel('Destination URL').inputValue()).toBe(theirs);
      await editor.getByRole('button', { name: 'Cancel' }).click();

      // Pause: out of Active Codes, into Paused Codes with the badge; /d/ answers the paused page.
      await card.getByRole('button', { name: 'Pause' }).click();
      await dashboard.waitForTitles(['Copy of Spring menu']);
      await dashboard.waitForPausedCount(1);
      const paused = await scanUntil(page, made.shortCode, (answer) => answer.body.includes('This QR code is paused'));
      expect(paused.body).toContain('This QR code is paused');
      await dashboard.go('Paused Codes');
      await dashboard.waitForTitles(['Spring menu']);
      await capture(page, 'dashboard-paused');
      await dashboard.card(made.id).getByRole('button', { name: 'Resume' }).click();
      await page.getByText('No paused codes').waitFor();
      await dashboard.waitForPausedCount(0);
      await page.getByRole('link', { name: 'Back to Active' }).first().click();
      await dashboard.waitForTitles(['Copy of Spring menu', 'Spring menu']);
      expect((await scanUntil(page, made.shortCode, (answer) => answer.location === theirs)).location).toBe(theirs);

      // Preview with downloads (recorded by the server), then delete with confirmation.
      await dashboard.card(made.id).getByRole('button', { name: 'Preview' }).click();
      const preview = dashboard.dialog('QR Code Preview');
      await preview.getByTestId('preview-image').waitFor();
      await capture(page, 'dashboard-preview');
      const [png] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Download PNG' }).click()]);
      expect(png.suggestedFilename()).toBe('qrcode-url.png');
      await chrome.waitForToast('QR Code Downloaded');
      await preview.getByRole('button', { name: 'Close' }).click();
      await dashboard
        .card(made.id)
        .getByRole('button', { name: /^Delete / })
        .click();
      await capture(page, 'dashboard-delete');
      await dashboard.dialog('Delete this QR code?').getByRole('button', { name: 'Delete' }).click();
      await dashboard.waitForTitles(['Copy of Spring menu']);
      expect((await scanUntil(page, made.shortCode, (answer) => answer.status === 404)).status).toBe(404);

      await dashboard.go('Analytics');
      await page.getByTestId('analytics-totalQrCodes').waitFor();
      await capture(page, 'dashboard-analytics');
    },
  );

  it('on a phone: the slide-out menu, every screen at 375 px, and at the free cap the limit toast without a request', async () => {
    const { page } = await session.newPage(MOBILE);
    const chrome = new SiteChrome(page);
    const dashboard = new DashboardPage(page);
    await register(page, 'dashboard-phone');
    // The free plan's cap (3 dynamic codes): reached through the API.
    for (let index = 0; index < 3; index += 1) {
      const created = await page.request.post('/api/dynamic-qrcodes', {
        multipart: { qrType: 'url', destination: `https://phone.example/${index}` },
      });
      expect(created.status()).toBe(201);
    }
    const code = (await codesOf(page))[0];
    expect((await page.request.post(`/api/dynamic-qrcodes/${code.id}/pause`)).status()).toBe(200);

    await page.goto('/dashboard');
    await dashboard.waitForTitles(['phone.example/1', 'phone.example/0']);
    await capture(page, 'dashboard-list');
    await dashboard.go('Paused Codes');
    await dashboard.waitForTitles(['phone.example/2']);
    await capture(page, 'dashboard-paused');
    await page.getByRole('link', { name: 'Back to Active' }).click();
    await dashboard.waitForTitles(['phone.example/1', 'phone.example/0']);

    // At the cap the duplicate is refused in the browser: the spec's toast, and no create request leaves.
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(dynamic-qrcodes|qrcodes)$/.test(new URL(request.url()).pathname))
        creates.push(request.url());
    });
    await dashboard.more(dashboard.cards.first(), 'Duplicate');
    expect(await chrome.waitForToast('Dynamic QR Code limit reached')).toContain(
      'You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.',
    );
    expect(creates).toEqual([]);

    await dashboard.cards.first().getByRole('button', { name: 'Preview' }).click();
    await dashboard.dialog('QR Code Preview').getByTestId('preview-image').waitFor();
    await capture(page, 'dashboard-preview');
    await dashboard.dialog('QR Code Preview').getByRole('button', { name: 'Close' }).click();
    await dashboard.more(dashboard.cards.first(), 'Rename');
    await capture(page, 'dashboard-rename');
    await dashboard.dialog('Rename QR code').getByRole('button', { name: 'Cancel' }).click();
    await dashboard.cards.first().getByRole('button', { name: 'Edit destination' }).click();
    await capture(page, 'dashboard-destination');
    await dashboard.dialog('Edit destination').getByRole('button', { name: 'Cancel' }).click();
    await dashboard.cards
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await capture(page, 'dashboard-delete');
    await dashboard.dialog('Delete this QR code?').getByRole('button', { name: 'Cancel' }).click();

    await dashboard.openMenu();
    await page.getByRole('menuitem', { name: /Paused Codes/ }).waitFor();
    await capture(page, 'dashboard-menu');
    await page.getByRole('menuitem', { name: 'Create QR Code' }).click();
    await dashboard.generator.waitFor({ timeout: 30_000 });
    await capture(page, 'dashboard-create');
    await dashboard.go('Analytics');
    await page.getByTestId('analytics-totalQrCodes').waitFor();
    await capture(page, 'dashboard-analytics');

    // A new account at 375 px: the empty state.
    const fresh = await session.newPage(MOBILE);
    await register(fresh.page, 'dashboard-empty');
    await fresh.page.goto('/');
    await fresh.page.getByRole('heading', { name: 'No QR codes yet' }).waitFor({ timeout: 30_000 });
    await capture(fresh.page, 'dashboard-empty');
  });

  it('a trial that ended days ago: the expired banner, Upgrade to /subscribe, and the free cap of 3 (1280 and 375 px)', async () => {
    const { page } = await session.newPage(DESKTOP);
    const chrome = new SiteChrome(page);
    const dashboard = new DashboardPage(page);
    const email = await register(page, 'dashboard-expired');
    const { id } = (await (await page.request.get('/api/user')).json()) as { id: string };

    // Activated five days ago, so its three days ended two days ago: the event the activation itself appends.
    const { trialEndDate } = await trialActivatedDaysAgo(id, 5);
    expect(Date.parse(trialEndDate)).toBeLessThan(Date.now());
    const status = await (await page.request.get('/api/trial-status')).json();
    expect(status).toMatchObject({ isActive: false, hasExpired: true, daysRemaining: 0, dynamicQRUsed: 0, dynamicQRLimit: 3 });
    // Once per account, ever: an expired trial is not started again.
    const again = await page.request.post('/api/activate-trial', { data: { email } });
    expect(again.status()).toBe(400);
    expect(await again.text()).toContain('You have already used your free trial.');

    // The dashboard: the warning banner, what the free plan leaves, and Upgrade to the pricing page.
    await page.goto('/dashboard');
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.getAttribute('class')).toContain('MuiAlert-colorWarning');
    expect((await banner.innerText()).replace(/\s+/g, ' ')).toContain(
      'Your free trial has expired Your codes keep working. Upgrade to create more dynamic QR codes. ' +
        'You have used 0 of 3 dynamic QR codes.',
    );
    const upgrade = banner.getByRole('link', { name: 'Upgrade' });
    expect(await upgrade.getAttribute('href')).toBe('/subscribe');
    await page.getByRole('heading', { name: 'No QR codes yet' }).waitFor({ timeout: 30_000 });
    await capture(page, 'dashboard-expired');
    // The same account on a phone (its own page: a desktop page shrunk to 375 px keeps react-admin's sidebar open).
    const phone = (await session.newPage(MOBILE)).page;
    const signedIn = await phone.request.post('/api/login', { data: { username: email, password: 'dashboard-password-9' } });
    expect(signedIn.ok()).toBe(true);
    await phone.goto('/dashboard');
    const phoneBanner = phone.getByTestId('trial-banner');
    await phoneBanner.getByRole('link', { name: 'Upgrade' }).waitFor({ timeout: 30_000 });
    expect(await phoneBanner.innerText()).toContain('Your free trial has expired');
    await phone.getByRole('heading', { name: 'No QR codes yet' }).waitFor({ timeout: 30_000 });
    await capture(phone, 'dashboard-expired');
    await upgrade.click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await page.getByTestId('pricing-table').waitFor({ timeout: 30_000 });

    // The free plan after the trial: dynamic codes up to 3, the first made in the dashboard's generator.
    await page.goto('/dashboard');
    await dashboard.go('Create QR Code');
    await dashboard.generator.getByRole('button', { name: 'Dynamic' }).click();
    await dashboard.generator.getByLabel('Website URL').first().fill('https://expired.example/0');
    await dashboard.generator.getByRole('button', { name: 'Generate QR Code' }).click();
    await chrome.waitForToast('Dynamic QR Code generated');
    for (let index = 1; index < 3; index += 1) {
      const created = await page.request.post('/api/dynamic-qrcodes', {
        multipart: { qrType: 'url', destination: `https://expired.example/${index}` },
      });
      expect(created.status()).toBe(201);
    }
    // The server refuses a fourth with the spec's message.
    const fourth = await page.request.post('/api/dynamic-qrcodes', {
      multipart: { qrType: 'url', destination: 'https://expired.example/3' },
    });
    expect(fourth.status()).toBe(403);
    expect(await fourth.text()).toContain('You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.');

    // At the cap the browser refuses before asking: the toast, and no create request leaves (duplicate and generator).
    await page.goto('/dashboard');
    await dashboard.waitForTitles(['expired.example/2', 'expired.example/1', 'expired.example/0']);
    expect((await banner.innerText()).replace(/\s+/g, ' ')).toContain('You have used 3 of 3 dynamic QR codes.');
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(dynamic-qrcodes|qrcodes)$/.test(new URL(request.url()).pathname))
        creates.push(request.url());
    });
    await dashboard.more(dashboard.cards.first(), 'Duplicate');
    expect(await chrome.waitForToast('Dynamic QR Code limit reached')).toContain(
      'You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.',
    );
    await capture(page, 'dashboard-expired-limit');
    // Closed, so the generator's toast below is its own.
    await dismissToast(page);
    await dashboard.go('Create QR Code');
    await dashboard.generator.getByRole('button', { name: 'Dynamic' }).click();
    await dashboard.generator.getByLabel('Website URL').first().fill('https://expired.example/4');
    await dashboard.generator.getByRole('button', { name: 'Generate QR Code' }).click();
    expect(await chrome.waitForToast('Dynamic QR Code limit reached')).toContain(
      'You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.',
    );
    expect(creates).toEqual([]);
    expect(await codesOf(page)).toHaveLength(3);

    // On the phone too: 3 of 3, and the duplicate is refused with the toast (at the top on small screens).
    const phoneDashboard = new DashboardPage(phone);
    await phone.goto('/dashboard');
    await phoneDashboard.waitForTitles(['expired.example/2', 'expired.example/1', 'expired.example/0']);
    expect((await phoneBanner.innerText()).replace(/\s+/g, ' ')).toContain('You have used 3 of 3 dynamic QR codes.');
    await phoneDashboard.more(phoneDashboard.cards.first(), 'Duplicate');
    await new SiteChrome(phone).waitForToast('Dynamic QR Code limit reached');
    await capture(phone, 'dashboard-expired-limit');
    expect(await codesOf(page)).toHaveLength(3);
  });
});
