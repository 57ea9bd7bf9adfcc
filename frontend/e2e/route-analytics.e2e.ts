// Issue 33, analytics by route. A dynamic code routes iPhones to a rule and everyone else down a 50/50 split; scans
// from phones and computers in several places go through /d/. The code's analytics page shows a Route breakdown (Rule 1,
// Split A, Split B by scans) and a click on a route filters the page: its scans and unique visitors, the filter in the
// address, so arm A can be compared with arm B. At 1280 and 375 px, with axe and screenshots.
import type { Page } from 'playwright-core';
import { AnalyticsPages } from './pages/AnalyticsPages';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { until } from './support/until';

const session = browserForFile();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Analytics = { totals: { scans: number; uniqueVisitors: number }; breakdowns: { route: { value: string; count: number }[] } };

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('analytics by route', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('a Route breakdown, and a click on a route filters the page (%s)', async (label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail(`route-${label}`);
    expect((await page.request.post('/api/register', { data: { email, password: 'route-password-9' } })).ok()).toBe(true);
    const made = await page.request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination: 'https://shop.example/' } });
    expect(made.status()).toBe(201);
    const code = (await made.json()) as { id: string; shortCode: string };
    const routing = await page.request.put(`/api/dynamic-qrcodes/${code.id}/routing`, {
      data: {
        rules: [{ when: { os: ['iOS'] }, destination: 'https://shop.example/ios' }],
        split: [
          { destination: 'https://shop.example/a', weight: 50 },
          { destination: 'https://shop.example/b', weight: 50 },
        ],
      },
    });
    expect(routing.status()).toBe(200);

    // The redirect reads its own read model, which may lag the routing's answer: wait until an iPhone is routed, asking
    // with HEAD (a link preview: routed like a person, never counted among people's scans).
    const scan = (ua: string, ip: string, method: 'get' | 'head' = 'get') =>
      page.request[method](`/d/${code.shortCode}`, { maxRedirects: 0, headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
    const routed = async () => (await scan(IPHONE, '203.0.113.9', 'head')).headers().location === 'https://shop.example/ios';
    await until(routed, 'routing live', 30_000);
    // Three iPhone scans by two people, and twelve computers, each a person of its own: split between A and B.
    for (const ip of ['203.0.113.1', '203.0.113.1', '203.0.113.2'])
      expect((await scan(IPHONE, ip)).headers().location).toBe('https://shop.example/ios');
    for (let n = 10; n < 22; n++) expect((await scan(WINDOWS, `198.51.100.${n}`)).status()).toBe(302);

    const api = `/api/dynamic-qrcodes/${code.id}/analytics`;
    let answer: Analytics | null = null;
    await until(
      async () => {
        answer = (await (await page.request.get(api)).json()) as Analytics;
        return answer.totals.scans === 15;
      },
      '15 scans counted',
      30_000,
    );
    const routes = Object.fromEntries(answer!.breakdowns.route.map((row) => [row.value, row.count]));
    expect(routes['rule 1']).toBe(3);
    expect((routes['split a'] ?? 0) + (routes['split b'] ?? 0)).toBe(12);
    // Sticky by visitor, spread by weight: twelve people land on both arms (1 in 2,048 they would not).
    expect(routes['split a']).toBeGreaterThan(0);
    expect(routes['split b']).toBeGreaterThan(0);

    const analytics = new AnalyticsPages(page);
    await page.goto(`/dashboard/analytics/${code.id}`);
    await analytics.settled();
    const breakdown = analytics.breakdown('route');
    await breakdown.waitFor();
    expect((await analytics.breakdownValues('route')).sort()).toEqual(['rule 1', 'split a', 'split b']);
    expect(await breakdown.innerText()).toContain('Rule 1');
    expect(await breakdown.innerText()).toContain('Split A');
    await breakdown.scrollIntoViewIfNeeded();
    await capture(page, 'analytics-route');

    // Arm A alone: its scans, its people, the filter in the address and as a chip.
    await breakdown.getByRole('button', { name: /^Split A/ }).click();
    await page.waitForURL((url) => url.searchParams.get('route') === 'split a');
    await analytics.settled();
    await analytics.waitForText(analytics.total('scans'), String(routes['split a']));
    await page.getByTestId('active-filters').getByText('Route: Split A').waitFor();
    const armA = (await (await page.request.get(`${api}?route=${encodeURIComponent('split a')}`)).json()) as Analytics;
    expect(armA.totals).toMatchObject({ scans: routes['split a'], uniqueVisitors: routes['split a'] });
    expect(await analytics.breakdownValues('route')).toEqual(['split a']);
    await capture(page, 'analytics-route-filtered');
  });
});
