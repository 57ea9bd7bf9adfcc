// Issue 30 item 2: cards lead on. A dynamic code's card shows its short link with a copy button (the full short URL on
// the clipboard, a 'Copied' toast, an accessible name), its scan count leads to the code's analytics, and its menu has
// Analytics. The analytics overview ranks the dynamic codes by scans with one bar per code: two codes whose names
// shorten to the same label keep two bars (a band per code id), the tooltip names each in full. At 1280 and 375 px,
// checked with axe-core (no serious or critical violations), with screenshots.
import type { Locator, Page } from 'playwright-core';
import { AnalyticsPages } from './pages/AnalyticsPages';
import { DashboardPage } from './pages/DashboardPage';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { until } from './support/until';

const session = browserForFile();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
// Both shorten to 'Spring campaign p…' on the chart's axis.
const NORTH = 'Spring campaign poster, north entrance';
const SOUTH = 'Spring campaign poster, south entrance';

interface Code {
  id: string;
  shortCode: string;
  link: string;
}

async function dynamicCode(page: Page, name: string, destination: string): Promise<Code> {
  const created = await page.request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination, codeName: name } });
  expect(created.status()).toBe(201);
  const code = (await created.json()) as Code;
  // The redirect reads its own read model, which may lag the answer: wait until it knows the code (curl is a bot: never
  // counted among people's scans).
  const known = async () =>
    (await page.request.get(`/d/${code.shortCode}`, { maxRedirects: 0, headers: { 'user-agent': 'curl/8.5.0' } })).status() === 302;
  await until(known, `/d/${code.shortCode} to answer`, 30_000).catch(() => {
    throw new Error(`/d/${code.shortCode} never answered`);
  });
  return code;
}

async function scan(page: Page, code: Code, ip: string): Promise<void> {
  const res = await page.request.get(`/d/${code.shortCode}`, {
    maxRedirects: 0,
    headers: { 'user-agent': IPHONE, 'x-forwarded-for': ip, 'cf-ipcountry': 'DE' },
  });
  expect(res.status()).toBe(302);
}

/** Scans are ingested and projected after the redirect answers: wait until the owner's top list counts them. */
async function waitForScans(page: Page, want: Record<string, number>): Promise<void> {
  const counted = async () => {
    const res = await page.request.get('/api/user-analytics');
    if (!res.ok()) return false;
    const { dynamicQrPerformance } = (await res.json()) as { dynamicQrPerformance: { id: string; scans: number }[] };
    return Object.entries(want).every(([id, scans]) => dynamicQrPerformance.find((code) => code.id === id)?.scans === scans);
  };
  await until(counted, `scans ${JSON.stringify(want)}`, 30_000).catch(() => {
    throw new Error(`the owner's analytics never counted ${JSON.stringify(want)}`);
  });
}

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** The bars of a chart: where each is drawn (horizontal bars: one row per band). */
async function bars(chart: Locator): Promise<{ y: number; width: number }[]> {
  const boxes = await chart.locator('.MuiBarChart-element').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { y: Math.round(box.y), width: box.width };
    }),
  );
  return boxes.sort((a, b) => a.y - b.y);
}

describe('cards lead on', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('short link with copy, scan count and menu to analytics, one bar per code (%s)', async (_label, viewport) => {
    const { context, page } = await session.newPage(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
    const email = uniqueEmail('cards');
    expect((await page.request.post('/api/register', { data: { email, password: 'cards-password-9' } })).ok()).toBe(true);
    const north = await dynamicCode(page, NORTH, 'https://spring.example/north');
    const south = await dynamicCode(page, SOUTH, 'https://spring.example/south');
    await scan(page, north, '203.0.113.10');
    await scan(page, north, '203.0.113.11');
    await scan(page, south, '203.0.113.12');
    await waitForScans(page, { [north.id]: 2, [south.id]: 1 });

    const dashboard = new DashboardPage(page);
    const chrome = new SiteChrome(page);
    await page.goto('/dashboard/codes');
    await dashboard.waitForTitles([SOUTH, NORTH]);
    const northCard = dashboard.card(north.id);
    const southCard = dashboard.card(south.id);
    expect(north.link).toBe(`${session.baseUrl}/d/${north.shortCode}`);
    expect(await northCard.getByTestId('short-link').innerText()).toBe(north.link.replace(/^https?:\/\//, ''));
    const northScans = northCard.getByRole('link', { name: `2 scans: analytics of ${NORTH}` });
    const southScans = southCard.getByRole('link', { name: `1 scan: analytics of ${SOUTH}` });
    // The card's scan count is the codes projection's own: it may follow the analytics a moment later.
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="scan-count"]')].map((node) => node.textContent).join() === '1 scan,2 scans',
      undefined,
      { timeout: 15_000 },
    );
    expect(await northScans.getAttribute('href')).toBe(`/dashboard/analytics/${north.id}`);
    expect(await southScans.innerText()).toBe('1 scan');

    // Copy: the full short URL on the clipboard, and the toast says so.
    await northCard.getByRole('button', { name: `Copy short link of ${NORTH}` }).click();
    expect(await chrome.waitForToast('Copied')).toContain(north.link);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(north.link);
    await capture(page, 'cards-lead-on-codes');

    // The scan count opens the code's analytics.
    await northScans.click();
    await page.waitForURL((url) => url.pathname === `/dashboard/analytics/${north.id}`);
    await page.getByTestId('code-analytics-title').filter({ hasText: NORTH }).waitFor();
    await new AnalyticsPages(page).settled();

    // The menu's Analytics does too.
    await page.goto('/dashboard/codes');
    await dashboard.waitForTitles([SOUTH, NORTH]);
    await southCard.getByRole('button', { name: `More actions for ${SOUTH}` }).click();
    await page.getByRole('menuitem', { name: 'Analytics', exact: true }).waitFor();
    await capture(page, 'cards-lead-on-menu');
    await page.getByRole('menuitem', { name: 'Analytics', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/analytics/${south.id}`);
    await page.getByTestId('code-analytics-title').filter({ hasText: SOUTH }).waitFor();

    // The overview: ranked by scans, two bars (not one merged band), the tooltip names each in full.
    await page.goto('/dashboard/analytics');
    const top = page.getByRole('region', { name: 'Top dynamic codes by scans' });
    await top.getByTestId('top-dynamic').getByRole('link', { name: SOUTH }).waitFor();
    expect(await top.getByTestId('top-dynamic').getByRole('link').allInnerTexts()).toEqual([NORTH, SOUTH]);
    expect(await top.getByTestId('top-dynamic').innerText()).toMatch(/\n2 scans\W[\s\S]*\n1 scan$/);
    await page.waitForFunction(
      () => document.querySelectorAll('section[aria-label="Top dynamic codes by scans"] .MuiBarChart-element').length === 2,
      undefined,
      { timeout: 15_000 },
    );
    // No code was generated or downloaded: that chart is not drawn (its axis read '0.000000'), its list says 0 of each.
    const performing = page.getByRole('region', { name: 'Top performing codes' });
    expect(await performing.getByTestId('top-performing').innerText()).toContain('0 downloads, 0 generations');
    expect(await performing.locator('.MuiChartsAxis-root').count()).toBe(0);
    await top.scrollIntoViewIfNeeded();
    await capture(page, 'cards-lead-on-analytics');
    const drawn = await bars(top);
    expect(drawn).toHaveLength(2);
    expect(drawn[0].y).not.toBe(drawn[1].y);
    // North (2 scans) above South (1 scan), twice as long.
    expect(drawn[0].width / drawn[1].width).toBeCloseTo(2, 1);
    const ticks = top.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
    // Both labels read the same (shortened to fit the axis): the case that merged two codes into one band.
    const labels = await ticks.allTextContents();
    expect(labels).toHaveLength(2);
    expect(labels[0]).toBe(labels[1]);
    expect(labels[0]).toMatch(/^Spring campaig.*…$/);
    await top.locator('.MuiBarChart-element').nth(1).hover();
    const tooltip = page.locator('.MuiChartsTooltip-root');
    await tooltip.filter({ hasText: SOUTH }).first().waitFor();
    await screenshot(page, `cards-lead-on-tooltip-${page.viewportSize()?.width ?? 0}`);
  });
});
