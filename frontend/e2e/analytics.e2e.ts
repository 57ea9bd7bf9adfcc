// Issue 17: the analytics screens on real services, as the owner and a visitor would use them. Scans go to /d/ from
// another browser context (a pretend proxy on loopback says their country); the open code page shows them in its live
// feed and totals without a reload; the period switch and the comparison; a click on a country filters the page; the
// CSV holds the period's rows; an hour of the day filters too; History lists the code's changes (renamed, destination
// from -> to, style, password, paused, resumed) with when and by whom; a share link opens signed out and, once revoked,
// no longer does; the analytics failure state with a Try Again that really asks again; a payment code's payments.
// Screens at 1280 and 375 px, checked with axe-core (no serious or critical violations).
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from 'playwright-core';
import { AnalyticsPages } from './pages/AnalyticsPages';
import { DashboardPage } from './pages/DashboardPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { payAndConfirm } from './support/payments';
import { until } from './support/until';

const session = browserForFile();

type Analytics = { breakdowns: Record<string, { value: string; count: number }[]> };

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

interface Code {
  id: string;
  shortCode: string;
  /** The owner's email, which History names as who made each change. */
  email: string;
}

async function ownerWithCode(page: Page, prefix: string, destination: string): Promise<Code> {
  const email = uniqueEmail(prefix);
  const registered = await page.request.post('/api/register', { data: { email, password: 'analytics-password-9' } });
  expect(registered.ok()).toBe(true);
  const created = await page.request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination } });
  expect(created.status()).toBe(201);
  const code = { ...((await created.json()) as Omit<Code, 'email'>), email };
  // The redirect reads its own read model (scan_targets), which may lag the answer under load: wait until it knows the
  // new code. curl is a bot: this hit never counts among people's scans.
  const known = async () =>
    (await page.request.get(`/d/${code.shortCode}`, { maxRedirects: 0, headers: { 'user-agent': 'curl/8.5.0' } })).status() === 302;
  await until(known, `/d/${code.shortCode} to answer`, 30_000).catch(() => {
    throw new Error(`/d/${code.shortCode} never answered`);
  });
  return code;
}

/** A scan of /d/ as a phone or computer somewhere would make it (another context: no owner cookies). */
async function scan(request: APIRequestContext, code: Code, visitor: { ip: string; country: string; ua: string; referer?: string }) {
  const res = await request.get(`/d/${code.shortCode}`, {
    maxRedirects: 0,
    headers: {
      'user-agent': visitor.ua,
      'x-forwarded-for': visitor.ip,
      'cf-ipcountry': visitor.country,
      ...(visitor.referer ? { referer: visitor.referer } : {}),
    },
  });
  expect(res.status()).toBe(302);
}

/** Scans are ingested and projected after the redirect answers: wait until the owner's totals count them. */
async function waitForScans(page: Page, count: number): Promise<void> {
  const counted = async () => {
    const res = await page.request.get('/api/user-analytics');
    return res.ok() && ((await res.json()) as { overview: { totalScans: number } }).overview.totalScans >= count;
  };
  await until(counted, `${count} scans counted`, 30_000).catch(() => {
    throw new Error(`the owner's totals never reached ${count} scans`);
  });
}

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('analytics screens', () => {
  it('the owner sees live scans, switches periods, filters by country, exports CSV, reads history, shares (1280 px)', async () => {
    const { page } = await session.newPage(DESKTOP);
    const { page: phone } = await session.newPage(MOBILE);
    const analytics = new AnalyticsPages(page);
    const code = await ownerWithCode(page, 'analytics', 'https://menu.example/spring');

    // Three people: two in Germany (one twice, from Instagram), one in France on a computer.
    await scan(phone.request, code, { ip: '203.0.113.10', country: 'DE', ua: IPHONE, referer: 'https://www.instagram.com/p/1' });
    await scan(phone.request, code, { ip: '203.0.113.10', country: 'DE', ua: IPHONE });
    await scan(phone.request, code, { ip: '203.0.113.11', country: 'DE', ua: IPHONE });
    await scan(phone.request, code, { ip: '198.51.100.7', country: 'FR', ua: WINDOWS });
    await waitForScans(page, 4);

    // The failure state first: the API answers 500, Try Again asks again and the figures appear.
    let failing = true;
    await page.route('**/api/user-analytics', (route) => (failing ? route.fulfill({ status: 500, body: 'down' }) : route.fallback()));
    await page.goto('/dashboard/analytics');
    await page.getByText('Failed to load analytics data').waitFor({ timeout: 30_000 });
    await capture(page, 'analytics-failed');
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await analytics.tile('totalQrCodes').waitFor();
    await analytics.waitForText(analytics.tile('totalScans'), '4');
    expect(await analytics.tile('dynamicQrCodes').innerText()).toBe('1');
    await page.getByTestId('top-dynamic').getByText('4 scans').waitFor();
    await capture(page, 'analytics-dashboard');

    // The code's page from the top list: the live feed is listening, the totals are the four scans.
    await page.getByTestId('top-dynamic').getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === `/dashboard/analytics/${code.id}`);
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), '4');
    expect(await analytics.total('uniqueVisitors').innerText()).toBe('3');
    expect(await analytics.change('scans').innerText()).toBe('new vs 0 before');
    await page.locator('[data-testid="live-state"][data-state="open"]').waitFor({ timeout: 15_000 });

    // A scan from elsewhere appears in the feed and the totals without a reload.
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await scan(phone.request, code, { ip: '192.0.2.44', country: 'DE', ua: IPHONE });
    await analytics.liveScans
      .first()
      .getByText(/Germany/)
      .waitFor({ timeout: 15_000 });
    await analytics.waitForText(analytics.total('scans'), '5');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
    await capture(page, 'analytics-code');

    // Periods: 7 days and a year keep today's scans; the address says which.
    await analytics.period('7 days');
    expect(new URL(page.url()).searchParams.get('period')).toBe('7');
    await analytics.waitForText(analytics.total('scans'), '5');
    await analytics.period('Year');
    // The label follows the new period's answer: wait until it spans the year (one CI run read the 7 days' label).
    await page
      .waitForFunction(
        () => {
          const [from, , to] = (document.querySelector('[data-testid="period-label"]')?.textContent ?? '').split(' ');
          return (Date.parse(to) - Date.parse(from)) / 86_400_000 === 364;
        },
        undefined,
        { timeout: 15_000 },
      )
      .catch(() => undefined);
    const label = await page.getByTestId('period-label').innerText();
    const [from, , to] = label.split(' ');
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(364);
    await analytics.period('30 days');

    // A click on Germany: the page is Germany's (figures, devices, referrers), and the filter is in the address.
    expect(await analytics.breakdownValues('country')).toEqual(['DE', 'FR']);
    await analytics
      .breakdown('country')
      .getByRole('button', { name: /^Germany\s*4$/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('country') === 'DE');
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), '4');
    expect(await analytics.breakdownValues('country')).toEqual(['DE']);
    expect(await analytics.breakdownValues('device')).toEqual(['mobile']);
    expect(await analytics.breakdownValues('referrer')).toEqual(['(direct)', 'www.instagram.com']);
    await page.getByTestId('active-filters').getByText('Country: Germany').waitFor();

    // The CSV of this period and filter: 30 daily rows, Germany only.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe('section,date,value,scans,unique_visitors,bots,previews,generations,downloads');
    expect(rows.filter((row) => row.startsWith('daily,'))).toHaveLength(30);
    expect(rows.filter((row) => row.startsWith('daily,')).reduce((sum, row) => sum + Number(row.split(',')[3]), 0)).toBe(4);
    expect(rows.filter((row) => row.startsWith('country,')).map((row) => row.split(',')[2])).toEqual(['DE']);
    expect(rows).toContain('filter,,country=DE,,,,,,');

    // The hour of the day filters too: a click on its busiest bar (hours in order) adds it to Germany's filter.
    const hours = ((await (await page.request.get(`/api/dynamic-qrcodes/${code.id}/analytics?country=DE`)).json()) as Analytics).breakdowns
      .hour;
    await analytics.breakdown('hour').locator('.MuiBarChart-element').first().click();
    await page.waitForURL((url) => url.searchParams.get('hour') === hours[0].value && url.searchParams.get('country') === 'DE');
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), String(hours[0].count));
    await page.getByTestId('active-filters').getByText(`Hour of day (UTC): ${hours[0].value}:00`).waitFor();
    await page.getByLabel('Remove the Hour of day (UTC) filter').click();
    await page.waitForURL((url) => !url.searchParams.has('hour'));

    // History: renamed, destination changed (from -> to), style changed, password set, paused, resumed; newest first,
    // each with when and by whom.
    const change = async (path: string, data: Record<string, unknown>) =>
      expect((await page.request.put(`/api/dynamic-qrcodes/${code.id}${path}`, { data })).status()).toBe(200);
    await change('', { name: 'Spring menu' });
    await change('', { destination: 'https://menu.example/summer' });
    await change('', { fgColor: '#1A2B3C' });
    await change('/password', { password: 'menu-password-1' });
    expect((await page.request.post(`/api/dynamic-qrcodes/${code.id}/pause`)).status()).toBe(200);
    expect((await page.request.post(`/api/dynamic-qrcodes/${code.id}/resume`)).status()).toBe(200);
    await analytics.tab('History');
    await page.locator('[data-testid="history-entry"][data-type="QrResumed"]').waitFor();
    const history = await page
      .getByTestId('history-entry')
      .evaluateAll((nodes) =>
        nodes.map((node) => [node.getAttribute('data-type'), (node as HTMLElement).innerText.split('\n').filter(Boolean)]),
      );
    expect(history.map(([type]) => type)).toEqual([
      'QrResumed',
      'QrPaused',
      'QrPasswordSet',
      'QrStyleChanged',
      'QrDestinationChanged',
      'QrRenamed',
      'QrCreated',
    ]);
    const what = Object.fromEntries(history.map(([type, lines]) => [type, (lines as string[])[0]]));
    expect(what.QrRenamed).toBe('Renamed from (none) to Spring menu');
    expect(what.QrDestinationChanged).toBe('Destination changed from https://menu.example/spring to https://menu.example/summer');
    expect(what.QrStyleChanged).toBe('Style changed: foreground colour from #000000 to #1A2B3C');
    expect(what.QrPasswordSet).toBe('Password set');
    // When (today, in the browser's own locale and time zone) and by whom (the owner's email) on every row.
    const today = await page.evaluate(() => new Date().toLocaleDateString(undefined, { dateStyle: 'medium' }));
    for (const [, lines] of history) {
      const when = (lines as string[])[1];
      expect([when.startsWith(`${today}, `), when.endsWith(` by ${code.email}`)]).toEqual([true, true]);
    }
    await capture(page, 'analytics-history');

    // Share: a link opens signed out with this code's analytics only; revoked, it says so.
    await analytics.tab('Share');
    await page.getByRole('button', { name: 'Create share link' }).click();
    await page.locator('[data-testid="share-link"][data-status="active"]').waitFor();
    const url = (await analytics.shareLinks.first().getAttribute('data-url'))!;
    await capture(page, 'analytics-share');
    const { page: visitor } = await session.newPage(DESKTOP);
    const shared = new AnalyticsPages(visitor);
    await visitor.goto(url);
    await shared.settled();
    await shared.waitForText(shared.total('scans'), '5');
    expect(await visitor.getByRole('link', { name: 'Export CSV' }).count()).toBe(0);
    expect(await visitor.getByRole('menuitem').count()).toBe(0);
    expect(await visitor.getByRole('navigation', { name: 'Code analytics sections' }).count()).toBe(0);
    await capture(visitor, 'analytics-shared');
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('[data-testid="share-link"][data-status="revoked"]').waitFor();
    await visitor.reload();
    await visitor.getByTestId('share-unavailable').getByText('This share link has been revoked by its owner.').waitFor({ timeout: 15_000 });
    await capture(visitor, 'analytics-shared-revoked');
  });

  it('the same screens on a phone (375 px): menu to Analytics, a code page, a filter chip removed', async () => {
    const { page } = await session.newPage(MOBILE);
    const { page: other } = await session.newPage(MOBILE);
    const analytics = new AnalyticsPages(page);
    const code = await ownerWithCode(page, 'analytics-phone', 'https://shop.example/');
    await scan(other.request, code, { ip: '203.0.113.20', country: 'CH', ua: IPHONE });
    await scan(other.request, code, { ip: '203.0.113.21', country: 'US', ua: WINDOWS, referer: 'https://www.google.com/' });
    await waitForScans(page, 2);

    await page.goto('/dashboard/codes');
    await new DashboardPage(page).go('Analytics');
    await analytics.waitForText(analytics.tile('totalScans'), '2', 30_000);
    await capture(page, 'analytics-dashboard');
    await page.getByTestId('top-dynamic').getByRole('link').first().click();
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), '2');
    await analytics
      .breakdown('device')
      .getByRole('button', { name: /^desktop\s*1$/ })
      .click();
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), '1');
    expect(await analytics.breakdownValues('country')).toEqual(['US']);
    await capture(page, 'analytics-code');
    await page.getByLabel('Remove the Device filter').click();
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), '2');
    expect(new URL(page.url()).searchParams.get('device')).toBeNull();

    // The hour picked under the hour chart filters the page by it (the keyboard's way to the drill-down).
    const hour = ((await (await page.request.get(`/api/dynamic-qrcodes/${code.id}/analytics`)).json()) as Analytics).breakdowns.hour[0];
    await page.getByLabel('Show only the hour').selectOption(hour.value);
    await page.waitForURL((url) => url.searchParams.get('hour') === hour.value);
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), String(hour.count));
    await page.getByTestId('active-filters').getByText(`Hour of day (UTC): ${hour.value}:00`).waitFor();
    await capture(page, 'analytics-code-hour');
  });

  it("an unknown code's page says 'QR code not found', not a failure to retry (375 and 1280 px)", async () => {
    for (const size of [MOBILE, DESKTOP]) {
      const { page } = await session.newPage(size);
      const registered = await page.request.post('/api/register', {
        data: { email: uniqueEmail('analytics-404'), password: 'analytics-password-9' },
      });
      expect(registered.ok()).toBe(true);
      for (const id of ['3f2b8c1e-0000-4000-8000-000000000000', 'not-a-code']) {
        await page.goto(`/dashboard/analytics/${id}`);
        await page.getByRole('heading', { level: 1, name: 'QR code not found' }).waitFor();
        await page.getByText('This QR code does not exist or has been deleted.').waitFor();
        expect(await page.getByText('Failed to load analytics data').count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
        expect(await page.title()).toBe('QR code not found - QR Code Sharks');
      }
      await capture(page, 'analytics-not-found');
      await page.getByRole('link', { name: 'All analytics' }).click();
      await page.waitForURL('**/dashboard/analytics');
    }
  });

  it("a payment code's page lists its payments and revenue per day, empty until a buyer pays (375 and 1280 px)", async () => {
    const { page, context } = await session.newPage(DESKTOP);
    const analytics = new AnalyticsPages(page);
    const registered = await page.request.post('/api/register', {
      data: { email: uniqueEmail('analytics-seller'), password: 'analytics-password-9' },
    });
    expect(registered.ok()).toBe(true);
    const userId = ((await registered.json()) as { id: string }).id;
    const saved = await page.request.post('/api/qrcodes', {
      multipart: { qrType: 'payment', productName: 'Shark plush', productPrice: '19.99', productDescription: 'Soft and toothy' },
    });
    expect(saved.status()).toBe(201);
    const qrId = ((await saved.json()) as { id: string }).id;

    // No payment yet: the empty state (the code reaches the analytics read model a moment after the answer).
    const payments = page.getByTestId('code-payments');
    for (let attempt = 0; attempt < 10; attempt++) {
      await page.goto(`/dashboard/analytics/${qrId}`);
      if (
        await payments.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
    }
    await payments.getByTestId('payments-empty').getByText('No payments yet.').waitFor();
    expect(await payments.getByTestId('total-revenue').textContent()).toBe('$0.00');
    expect(await page.getByTestId('payments-placeholder').count()).toBe(0);
    await payments.scrollIntoViewIfNeeded();
    await capture(page, 'analytics-payments-empty');

    // The owner connects Stripe (the double's account can take charges at once), a buyer pays, and Stripe's signed
    // webhook (signed with the double's secret) records it.
    expect((await page.request.post('/api/payments/connect/onboarding')).status()).toBe(200);
    expect(((await (await page.request.get('/api/payments/connect')).json()) as { chargesEnabled: boolean }).chargesEnabled).toBe(true);
    await payAndConfirm(session.browser, session.baseUrl, context.request, {
      qrId,
      ownerId: userId,
      productName: 'Shark plush',
      amount: 1999,
    });

    // The payments read model follows the event: reload until the payment is there (bounded).
    const shown = async () => {
      await page.reload();
      await payments.getByTestId('total-revenue').waitFor();
      return (await payments.getByTestId('total-revenue').textContent()) === '$19.99';
    };
    await until(shown, 'the payment in the total revenue', 30_000, 300).catch(() => undefined);
    expect(await payments.getByTestId('total-revenue').textContent()).toBe('$19.99');
    expect(await payments.getByTestId('payment-count').textContent()).toBe('1');
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await payments
        .getByTestId('revenue-chart')
        .locator('[data-day]')
        .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('data-day'))),
    ).toEqual([today]);
    const row = payments.locator('[data-testid="payment-row"][data-status="succeeded"]');
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      expect.stringContaining(new Date().toLocaleDateString('en')),
      '$19.99',
      'Paid',
    ]);
    await analytics.total('generations').waitFor();
    await payments.scrollIntoViewIfNeeded();
    await capture(page, 'analytics-payments');
    await page.setViewportSize(MOBILE);
    await payments.scrollIntoViewIfNeeded();
    await capture(page, 'analytics-payments');
  });
});
