// The batch creator (issue 35) on /bulk-generation: a pasted CSV is previewed row by row with the server's rules (a bad
// URL is named before anything is made), the batch is created and followed to the end on a progress bar, its refused row
// is named by row and field, and its ZIP and PDF links answer the files; the batch is listed under "Your batches".
// 375 and 1280 px, with screenshots and axe. Needs: POST /api/register, /api/batches, the batches worker, the exports.
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';

const session = browserForFile();

const CSV = [
  'qrType,name,url,text,style.foregroundColor',
  'url,Table 1,https://menu.example/1,,#1a237e',
  'url,Table 2,not a url,,',
  'text,Wi-Fi,,Ask for the password,',
].join('\n');

describe('Bulk generation: the batch creator', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`previews, creates, follows and exports a batch (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail(`batches-${viewport.width}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'batches-password-9' } })).ok()).toBe(true);
      await page.goto('/bulk-generation');
      await page.getByRole('heading', { name: 'Bulk Generation', level: 1 }).waitFor();
      await page.getByText('No batches yet.').waitFor();

      await page.getByRole('textbox', { name: 'Batch name' }).fill(`Tables ${viewport.width}`);
      await page.getByRole('textbox', { name: 'CSV' }).fill(CSV);
      const preview = page.getByRole('table', { name: 'Preview' });
      await preview.getByText('url: Please enter a valid URL').waitFor();
      await page.getByText('3 rows: 2 ready, 1 with a problem').waitFor();
      expect(await preview.getByText('OK', { exact: true }).count()).toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await preview.scrollIntoViewIfNeeded();
      await screenshot(page, `batches-preview-${viewport.width}`);

      await page.getByRole('button', { name: 'Create 2 codes' }).click();
      const batch = page.getByRole('region', { name: 'Batch' });
      await batch.getByText('2 codes created, 1 failed').waitFor({ timeout: 30_000 });
      await batch.getByText('Row 2 (url): Please enter a valid URL').waitFor();
      const zip = batch.getByRole('link', { name: 'Download ZIP' });
      const pdf = batch.getByRole('link', { name: /Print PDF/ });
      const zipAnswer = await page.request.get((await zip.getAttribute('href')) as string);
      expect(zipAnswer.status()).toBe(200);
      expect(zipAnswer.headers()['content-type']).toBe('application/zip');
      const pdfAnswer = await page.request.get((await pdf.getAttribute('href')) as string);
      expect(pdfAnswer.status()).toBe(200);
      expect((await pdfAnswer.body()).subarray(0, 5).toString()).toBe('%PDF-');
      const listed = page.getByRole('list', { name: 'Your batches' });
      await listed.getByText(`Tables ${viewport.width}`).waitFor();
      await listed.getByText(/2 of 3 created · done/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await batch.scrollIntoViewIfNeeded();
      await screenshot(page, `batches-done-${viewport.width}`);
    });
  }
});
