// Issue 35: a batch's rows that would not scan, and the batches in the dashboard, at 375 and 1280 px with axe and
// screenshots. The batch creator makes a batch of three rows (a bad URL, a dark code, a grey one): its result lists the
// refused row and, beside it, the grey code the server's scan check warns about (contrast 4.3:1). The dashboard's menu
// has Batches: the list shows the batch with its state and counts; opening it shows the same rows to look at and the
// ZIP and PDF, whose links answer the files. Needs: POST /api/register, /api/batches, the worker (scan checks in the
// render pool), the exports.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';

const session = browserForFile();
// A batch is made by the worker and checked for scanning row by row: on a loaded machine the first one takes a while.
jest.setTimeout(180_000);

const CSV = [
  'qrType,name,url,style.foregroundColor',
  'url,Table 1,https://menu.example/1,#1a237e',
  'url,Table 2,not a url,',
  'url,Grey table,https://menu.example/grey,#7a7a7a',
].join('\n');

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('batches: rows that would not scan, and the Batches page', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`names the grey row beside the refused one, then lists and opens the batch in the dashboard (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail(`batch-scan-${viewport.width}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'batches-password-9' } })).ok()).toBe(true);

      await page.goto('/bulk-generation');
      await page.getByRole('heading', { name: 'Bulk Generation', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Batch name' }).fill(`Patio ${viewport.width}`);
      await page.getByRole('textbox', { name: 'CSV' }).fill(CSV);
      await page.getByText('3 rows: 2 ready, 1 with a problem').waitFor();
      await page.getByRole('button', { name: 'Create 2 codes' }).click();
      const batch = page.getByRole('region', { name: 'Batch' });
      await batch.getByText('2 codes created, 1 failed, 1 to check before printing').waitFor({ timeout: 60_000 });
      const rows = batch.getByRole('region', { name: 'Rows to look at' });
      const lines = await rows.getByRole('listitem').allInnerTexts();
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^Not made\s*Row 2 \(url\): Please enter a valid URL$/);
      expect(lines[1]).toMatch(
        /^Check before printing\s*Row 3: The QR colour #7a7a7a is close to the background #FFFFFF \(contrast 4\.3:1\)/,
      );
      await rows.scrollIntoViewIfNeeded();
      await capture(page, 'batch-scan-warnings');

      // The dashboard's menu has Batches; the list shows the batch with its state and counts.
      await page.goto('/dashboard/codes');
      const dashboard = new DashboardPage(page);
      await dashboard.go('Batches');
      await page.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();
      const listed = page.getByRole('list', { name: 'Your batches' });
      const card = listed.getByRole('link', { name: `Open Patio ${viewport.width}` });
      await card.waitFor();
      expect(await listed.getByRole('listitem').first().innerText()).toMatch(/Done[\s\S]*2 of 3 rows made · 1 failed · 1 to check/);
      await capture(page, 'batches-list');

      await card.click();
      const opened = page.getByRole('region', { name: 'Batch' });
      await opened.getByRole('heading', { name: `Patio ${viewport.width}`, level: 1 }).waitFor();
      const openedLines = await opened.getByRole('region', { name: 'Rows to look at' }).getByRole('listitem').allInnerTexts();
      expect(openedLines).toEqual(lines);
      const zip = opened.getByRole('link', { name: 'Download ZIP' });
      const pdf = opened.getByRole('link', { name: /Print PDF/ });
      const zipAnswer = await page.request.get((await zip.getAttribute('href')) as string);
      expect(zipAnswer.status()).toBe(200);
      expect(zipAnswer.headers()['content-type']).toBe('application/zip');
      const pdfAnswer = await page.request.get((await pdf.getAttribute('href')) as string);
      expect(pdfAnswer.status()).toBe(200);
      expect((await pdfAnswer.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await capture(page, 'batch-opened');

      await page.getByRole('link', { name: 'All batches' }).click();
      await listed.waitFor();
    });
  }
});
