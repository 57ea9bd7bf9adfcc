// An uploaded PDF runs in a sandbox (issue 27 item 10: `default-src 'none'; sandbox`, as images do) and Chromium's
// PDF viewer still shows it: opened directly and inside the hosted page /pdf/{id} (its <object>).
import type { Frame, Page } from 'playwright-core';
import { browserForFile, DESKTOP } from './support/browser';
import { until } from './support/until';

const session = browserForFile();
let page: Page;

beforeAll(async () => {
  ({ page } = await session.newPage(DESKTOP, { signedIn: true }));
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The frame of Chromium's PDF viewer (an extension page) once it has taken the file; with `fileName`, once it names the
 * file in its title (it does so inside a page's <object>; opened directly, the tab's title stays empty when headless).
 */
async function viewerShowing(fileName?: string): Promise<Frame> {
  const viewer = async () => {
    for (const frame of page.frames()) {
      if (!frame.url().startsWith('chrome-extension://')) continue;
      const title = await frame.title().catch(() => '');
      if (fileName === undefined || title === fileName) return frame;
    }
    return null;
  };
  return until(viewer, `the PDF viewer showing ${fileName}`, 15_000).catch(() => {
    throw new Error(`the PDF viewer did not show ${fileName}: ${page.frames().map((f) => f.url())}`);
  });
}

test('an uploaded PDF is served sandboxed and the PDF viewer shows it, alone and in its hosted page', async () => {
  const uploaded = await page.request.post('/api/upload-pdf', {
    multipart: { pdfTitle: 'Lunch', pdfFile: { name: 'lunch-menu.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(uploaded.status()).toBe(201);
  const { id, pdfUrl } = (await uploaded.json()) as { id: string; pdfUrl: string };

  const file = await page.request.get(pdfUrl);
  expect([file.headers()['content-type'], file.headers()['content-security-policy']]).toEqual([
    'application/pdf',
    "default-src 'none'; sandbox",
  ]);
  // The viewer takes over the navigation (Playwright sees no response of its own for it).
  await page.goto(`${session.baseUrl}${pdfUrl}`).catch(() => null);
  await viewerShowing();

  await page.goto(`${session.baseUrl}/pdf/${id}`);
  await page.getByRole('heading', { name: 'Lunch' }).waitFor();
  await viewerShowing('lunch-menu.pdf');
});
