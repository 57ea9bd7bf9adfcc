// "Download my data" in account settings (issue 32 item 3): the button, its progress while the file arrives, the
// downloaded JSON read back, and a refusal shown as the app's error toast. 375 and 1280 px.
// Needs: POST /api/register, POST /api/qrcodes, GET /api/account/export.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { AccountSettingsPage } from './pages/AccountPages';
import { SiteChrome } from './pages/SiteChrome';
import { dismissToast } from './support/toasts';

const session = browserForFile();

/** A new account with one saved code, signed in on `page`. */
async function ownerWithCode(page: Page, label: string): Promise<{ email: string; codeId: string }> {
  const email = uniqueEmail(`export-${label}`);
  const registered = await page.request.post('/api/register', { data: { email, password: 'export-password-9' } });
  expect(registered.ok()).toBe(true);
  const code = await page.request.post('/api/qrcodes', {
    multipart: { qrType: 'text', qrData: JSON.stringify({ text: `exported note ${label}` }), codeName: `Export ${label}` },
  });
  expect(code.status()).toBe(201);
  return { email, codeId: ((await code.json()) as { id: string }).id };
}

describe('account settings: Download my data', () => {
  for (const [label, size] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`downloads the person's data as JSON, with a progress indication while it arrives (${size.width} px)`, async () => {
      const { page } = await session.newPage(size);
      const { email, codeId } = await ownerWithCode(page, label);
      await new AccountSettingsPage(page).open();

      // The answer is held until the progress indication has been seen (on a fast machine it would pass unseen).
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/account/export', async (route) => {
        await held;
        await route.continue();
      });
      const button = page.getByRole('button', { name: 'Download my data' });
      await button.scrollIntoViewIfNeeded();
      const downloaded = page.waitForEvent('download');
      await button.click();
      await page.getByRole('progressbar', { name: 'Downloading your data' }).waitFor();
      await page.getByRole('button', { name: 'Preparing your data...' }).waitFor();
      expect(await page.getByRole('button', { name: 'Preparing your data...' }).isDisabled()).toBe(true);
      await screenshot(page, `account-export-progress-${size.width}`);
      release();

      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^qr-code-sharks-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
        format: string;
        account: { email: string };
        codes: { id: string; name: string; content: string; history: { type: string }[] }[];
      };
      expect(file.format).toBe('qr-code-sharks-account-export');
      expect(file.account.email).toBe(email);
      expect(file.codes.map((code) => [code.id, code.name, code.content])).toEqual([[codeId, `Export ${label}`, `exported note ${label}`]]);
      expect(file.codes[0].history[0].type).toBe('QrCreated');
      await new SiteChrome(page).waitForToast('Download ready');
      await page.getByRole('progressbar', { name: 'Downloading your data' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Download my data' }).waitFor();
      await dismissToast(page);

      // A refusal (the hourly limit) is an error toast with the server's message, and the button comes back.
      await page.unroute('**/api/account/export');
      await page.route('**/api/account/export', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '1200' },
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 429, message: 'You can download your data at most 5 times an hour. Please try again later.' }),
        }),
      );
      await page.getByRole('button', { name: 'Download my data' }).click();
      const toast = await new SiteChrome(page).waitForToast('Error');
      expect(toast).toContain('You can download your data at most 5 times an hour. Please try again later.');
      await page.getByRole('button', { name: 'Download my data' }).waitFor();
      await screenshot(page, `account-export-refused-${size.width}`);
    });
  }
});
