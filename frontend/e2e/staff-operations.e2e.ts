// Issue 19, operations: an admin opens Operations in the staff console, starts a rebuild of a small projection from the
// screen, and its bar follows the worker (the stack runs ROLE=all: the worker role lives in the same process) up to
// 100 %; support has no Operations entry and the API refuses them. Screens at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';
import { until } from './support/until';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** Starts a rebuild from its card and follows the bar (the values it showed, in order) until it reads 100 %. */
async function rebuildFromScreen(page: Page, projection: string): Promise<number[]> {
  const card = page.locator(`[aria-label="Projection ${projection}"]`);
  await card.getByRole('button', { name: `Rebuild ${projection}` }).click();
  await page.getByRole('button', { name: 'Start rebuild' }).click();
  const bar = page.getByRole('progressbar', { name: `Rebuild of ${projection}` });
  await bar.waitFor();
  const seen: number[] = [];
  const full = async () => {
    const value = Number((await bar.getAttribute('aria-valuenow')) ?? -1);
    if (seen[seen.length - 1] !== value) seen.push(value);
    return value === 100;
  };
  await until(full, `the rebuild bar of ${projection} at 100`, 30_000, 50).catch(() => {
    throw new Error(`the rebuild bar of ${projection} stopped at ${seen[seen.length - 1]} (${seen.join(', ')})`);
  });
  await page.getByTestId(`rebuild-percent-${projection}`).filter({ hasText: '100%' }).waitFor();
  await card.getByText(/^Rebuilt from [\d,]+ events · swapped in /).waitFor();
  // The screenshot shows the card that was rebuilt.
  await card.scrollIntoViewIfNeeded();
  return seen;
}

describe('operations in the staff console (/admin/projections)', () => {
  it('an admin rebuilds a projection from the screen and its bar reaches 100 % (1280 px); others are refused', async () => {
    const { page } = await session.newPage(DESKTOP);
    await signIn(page, STAFF_ADMIN_EMAIL);
    // A few scans, so the pipeline's figures have something to show: the ingester stores them and says which was last.
    const created = await page.request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination: 'https://ops.example/' } });
    expect(created.status()).toBe(201);
    const code = (await created.json()) as { id: string; shortCode: string };
    let status = 0;
    const ingested = async () => {
      status = (await page.request.get(`/d/${code.shortCode}`, { maxRedirects: 0 })).status();
      const pipeline = (await (await page.request.get('/api/admin/scan-pipeline')).json()) as { lastIngested: { qrId: string } | null };
      return status === 302 && pipeline.lastIngested?.qrId === code.id;
    };
    await until(ingested, `a scan of ${code.shortCode} ingested`, 15_000, 200).catch(() => {
      throw new Error(`no scan of ${code.shortCode} was ingested (last /d/ answer ${status})`);
    });
    await page.goto('/admin/projections');
    await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText('Waiting in the stream').waitFor();
    await page.getByText(`code ${code.id.slice(0, 8)}… scanned`).waitFor();
    // Each card shows its state (live, or catching up while other tests write events) and its Rebuild button.
    const card = page.locator('[aria-label="Projection blocked_domains"]');
    await card.getByText(/^(live|catching up)$/).waitFor();
    await page.waitForLoadState('networkidle');
    await capture(page, 'admin-operations');

    const seen = await rebuildFromScreen(page, 'blocked_domains');
    // The bar only ever moved forward (the request waits, then the worker's progress, then 100 % once swapped in).
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const rebuilds = (await (
      await page.request.get(`/api/admin/projection-rebuilds?filter=${encodeURIComponent('{"projection":"blocked_domains"}')}`)
    ).json()) as { state: string; percent: number; swappedAt: string | null; processed: number; total: number }[];
    expect(rebuilds[0]).toMatchObject({ state: 'done', percent: 100 });
    expect(rebuilds[0].swappedAt).not.toBeNull();
    expect(rebuilds[0].processed).toBe(rebuilds[0].total);
    await capture(page, 'admin-operations-rebuilt');
    // The request's record: who asked, and how it went.
    await page
      .getByRole('list', { name: 'Recent rebuilds' })
      .getByRole('listitem')
      .filter({ hasText: 'blocked_domains' })
      .filter({ hasText: `by ${STAFF_ADMIN_EMAIL}` })
      .filter({ hasText: 'done' })
      .waitFor();

    await page.goto('/admin/dead-letters');
    await page.getByText('No dead letters: every projection applied every event.').waitFor({ timeout: 30_000 });
    await capture(page, 'admin-dead-letters');

    // Anyone else: the API says no (support's 403 is proven in backend/src/operations/operations.int-spec.ts).
    const other = await session.newPage(DESKTOP);
    await signIn(other.page, uniqueEmail('ops-user'));
    expect((await other.page.request.get('/api/admin/projections')).status()).toBe(403);
  });

  it('on a phone (375 px) the figures stack into cards and a rebuild started there reaches 100 % too', async () => {
    const { page } = await session.newPage(MOBILE);
    await signIn(page, STAFF_ADMIN_EMAIL);
    await page.goto('/admin/projections');
    await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor({ timeout: 30_000 });
    await page
      .locator('[aria-label="Projection newsletter_subscriptions"]')
      .getByText(/^(live|catching up)$/)
      .waitFor();
    await page.waitForLoadState('networkidle');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await capture(page, 'admin-operations');
    await rebuildFromScreen(page, 'newsletter_subscriptions');
    await capture(page, 'admin-operations-rebuilt');
  });
});
