// Issue 30 item 4: after the "limit reached" toast the generator held the previous code (its preview decoded to the
// previous short link, Download PNG enabled) while the field showed new content. A person on the free plan saves their
// third dynamic code, types a new address and is refused: nothing of the older code is on show or downloadable.
// Screens at 1280 and 375 px.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { decodeQr, prepareDecoder } from './support/decode';
import { dismissToast } from './support/toasts';

const session = browserForFile();
beforeAll(prepareDecoder);

const card = (page: Page): Locator => page.getByRole('region', { name: 'Generate Your QR Code' });

/** What the preview on show decodes to (nothing when the placeholder is shown). */
async function previewDecodes(page: Page): Promise<string[]> {
  const image = card(page).getByRole('img', { name: /^QR code preview/ });
  if ((await image.count()) === 0) return [];
  return decodeQr(new Uint8Array(await image.screenshot()));
}

describe('the generator after the dynamic-code limit', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`a refused save leaves no earlier code on show or downloadable (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail('at-limit');
      const password = 'secret-password';
      expect((await page.request.post('/api/register', { data: { email, password, confirmPassword: password } })).status()).toBe(200);
      // The free plan allows 3 dynamic codes: two through the API, the third in the generator.
      for (const index of [1, 2])
        expect(
          (
            await page.request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination: `https://limit.example/${index}` } })
          ).status(),
        ).toBe(201);
      await page.goto('/?create=true');
      const chrome = new SiteChrome(page);
      await card(page).getByRole('button', { name: 'Dynamic' }).click();
      await card(page).getByLabel('Website URL').first().fill('https://limit.example/third');
      const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/dynamic-qrcodes' && res.status() === 201);
      await card(page).getByRole('button', { name: 'Generate QR Code' }).click();
      const { shortCode } = (await (await created).json()) as { shortCode: string };
      await chrome.waitForToast('Dynamic QR Code generated');
      // The saved code is on show and downloads as itself (the decoder reads both).
      const third = `/d/${shortCode}`;
      expect((await previewDecodes(page)).join()).toContain(third);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card(page).getByRole('button', { name: 'Download PNG' }).click(),
      ]);
      expect((await decodeQr(new Uint8Array(await readFile(await download.path())))).join()).toContain(third);
      await dismissToast(page);

      await card(page).getByLabel('Website URL').first().fill('https://limit.example/fourth');
      await card(page).getByRole('button', { name: 'Generate QR Code' }).click();
      expect(await chrome.waitForToast('Dynamic QR Code limit reached')).toContain(
        'You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.',
      );
      // Nothing of the third code: the preview does not decode to it and neither download is offered.
      expect((await previewDecodes(page)).join()).not.toContain('/d/');
      expect(await card(page).getByRole('button', { name: 'Download PNG' }).isDisabled()).toBe(true);
      expect(await card(page).getByRole('button', { name: 'Download SVG' }).isDisabled()).toBe(true);
      await card(page).getByRole('button', { name: 'Download PNG' }).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `generator-after-limit-${viewport.width}`);
    });
  }
});
