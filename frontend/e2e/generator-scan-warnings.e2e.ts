// Issue 35, scannability part 3: the generator says what could stop a code scanning before it is downloaded, in words
// a person understands: a grey that still renders but is close to the white background is named with its contrast
// and what to change; black on white says nothing. At 375 px and 1280 px, with screenshots and axe.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, SCREENSHOT_DIR } from './support/browser';

const session = browserForFile();
let page: Page;

afterEach(async () => {
  await page?.context().close();
});

function card(): Locator {
  return page.getByRole('region', { name: 'Generate Your QR Code' });
}

describe('generator: scan warnings before download (issue 35)', () => {
  it.each([MOBILE, DESKTOP])('warns about a grey too close to white at $width px, and not about black', async (viewport) => {
    ({ page } = await session.newPage(viewport));
    await page.goto('/');
    await card().waitFor({ timeout: 30_000 });
    await card().getByLabel('Website URL').fill('https://example.com/menu');
    await page.waitForFunction(() => document.querySelector('[data-testid="qr-preview"]')?.getAttribute('data-state') === 'svg');
    expect(await card().getByTestId('scan-warnings').count()).toBe(0);

    await card().getByRole('tab', { name: 'Colors' }).click();
    await card().getByRole('button', { name: 'Single color: #000000' }).click();
    const hex = card().getByTestId('color-picker-Single color').getByLabel('Single color hex');
    await hex.fill('#7a7a7a');
    await hex.press('Enter');
    await page.keyboard.press('Escape');

    const warnings = card().getByTestId('scan-warnings');
    await warnings.waitFor();
    expect(await warnings.innerText()).toContain('Check before you print');
    expect(await warnings.innerText()).toMatch(/The QR colour #7a7a7a is close to the background #FFFFFF \(contrast 4\.\d:1\)/i);
    // Shown above the downloads, which stay available: a warning, not a refusal.
    const warningBox = (await warnings.boundingBox())!;
    const download = (await card().getByRole('button', { name: 'Download PNG' }).boundingBox())!;
    expect(warningBox.y + warningBox.height).toBeLessThanOrEqual(download.y);
    expect(await card().getByRole('button', { name: 'Download PNG' }).isDisabled()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await card().screenshot({ path: path.join(SCREENSHOT_DIR, `generator-scan-warnings-${viewport.width}.png`) });
  });
});
