// Issue 15 items 3, 4 and 5 as a person meets them: Enter in a style field saves nothing, a double click on
// Generate saves one code, every PNG downloaded from the generator is counted once, and a gallery opened on
// another host than the public origin shows its image. Each test signs up its own user (through the API, in the
// page's context), so counts are not shared with the other files of the run.
import type { Locator, Page } from 'playwright-core';
import { browserForFile, DESKTOP, uniqueEmail } from './support/browser';
import { runBaseUrl } from './support/run';
import { until } from './support/until';

const session = browserForFile();
let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A fresh signed-in user with the trial on (dynamic codes), its session in the page's context. */
async function signedInPage(): Promise<void> {
  ({ page } = await session.newPage(DESKTOP));
  const email = uniqueEmail('saves');
  const password = 'secret-password';
  const registered = await page.request.post('/api/register', {
    data: { username: email, email, password, confirmPassword: password, firstName: 'Sam', lastName: 'Saves' },
  });
  expect(registered.status()).toBe(200);
  expect((await page.request.post('/api/activate-trial', { data: { email } })).status()).toBe(200);
  // Signed in, / is the dashboard: ?create=true opens the generator in it.
  await page.goto('/?create=true');
  await card().getByRole('button', { name: 'Dynamic' }).waitFor({ timeout: 30_000 });
}

function card(): Locator {
  return page.getByRole('region', { name: 'Generate Your QR Code' });
}

/** Every create the page sent, whatever answered. */
function recordCreates(): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/(dynamic-qrcodes|qrcodes)$/.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  return sent;
}

async function dynamicCodes(): Promise<{ id: string; fgColor: string }[]> {
  return (await (await page.request.get('/api/dynamic-qrcodes')).json()) as { id: string; fgColor: string }[];
}

describe('generator: no accidental saves, downloads counted once', () => {
  it('Enter in a colour hex field applies the colour and saves nothing; Generate then saves one code with it', async () => {
    await signedInPage();
    const creates = recordCreates();
    await card().getByRole('button', { name: 'Dynamic' }).click();
    await card().getByLabel('Website URL').first().fill(`https://enter.example/${Date.now()}`);
    await card().getByRole('tab', { name: 'Colors' }).click();
    await card()
      .getByRole('button', { name: /^Single color: / })
      .click();
    const hex = card().getByLabel('Single color hex');
    await hex.fill('#112233');
    await hex.press('Enter');
    // The colour is committed (the keydown was handled) and, once the page is quiet, nothing was sent.
    await card().getByRole('button', { name: 'Single color: #112233' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(creates).toEqual([]);
    expect(await dynamicCodes()).toEqual([]);

    await card().getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('Dynamic QR Code saved to your account.', { exact: true }).first().waitFor({ timeout: 10_000 });
    const codes = await dynamicCodes();
    expect(codes).toHaveLength(1);
    expect(codes[0].fgColor.toLowerCase()).toBe('#112233');
  });

  it('a double click on Generate saves one dynamic code; a second deliberate Generate saves a second', async () => {
    await signedInPage();
    const creates = recordCreates();
    await card().getByRole('button', { name: 'Dynamic' }).click();
    await card().getByLabel('Website URL').first().fill(`https://double.example/${Date.now()}`);
    await card().getByRole('button', { name: 'Generate QR Code' }).dblclick();
    await page.getByText('Dynamic QR Code saved to your account.', { exact: true }).first().waitFor({ timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    expect(await dynamicCodes()).toHaveLength(1);
    expect(creates).toHaveLength(1);

    // Listen before clicking: an answer that arrives before a listener is attached is never seen.
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/dynamic-qrcodes' && response.request().method() === 'POST',
    );
    await card().getByRole('button', { name: 'Generate QR Code' }).click();
    expect((await saved).status()).toBe(201);
    expect(await dynamicCodes()).toHaveLength(2);
  });

  it('three PNG downloads from the generator make totalDownloads 3 in /api/user-analytics', async () => {
    await signedInPage();
    const tracked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/track-download') tracked.push(request.postData() ?? '');
    });
    await card().getByLabel('Website URL').first().fill(`https://counted.example/${Date.now()}`);
    await card().getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByText('QR Code saved to your account.', { exact: true }).first().waitFor({ timeout: 10_000 });
    // Each download waits for its own report: waitForLoadState('networkidle') returns at once on a loaded page, so it
    // could not wait for the third report under load.
    const reported = () => page.waitForRequest((request) => new URL(request.url()).pathname === '/api/track-download');
    for (let i = 0; i < 3; i += 1) {
      await Promise.all([page.waitForEvent('download'), reported(), card().getByRole('button', { name: 'Download PNG' }).click()]);
    }
    expect(tracked).toHaveLength(3);
    let total = -1;
    const counted = async () => {
      total = ((await (await page.request.get('/api/user-analytics')).json()) as { overview: { totalDownloads: number } }).overview
        .totalDownloads;
      return total === 3;
    };
    await until(counted, 'three downloads counted', 10_000, 50).catch(() => undefined);
    expect(total).toBe(3);
  });
});

describe('hosted pages on another host than the public origin', () => {
  it('the gallery opened on localhost (public origin 127.0.0.1) shows its image: same-origin paths, allowed by the CSP', async () => {
    await signedInPage();
    const upload = await page.request.post('/api/upload-image', {
      multipart: { imageTitle: 'Garden', imageFile: { name: 'garden.png', mimeType: 'image/png', buffer: PNG_1x1 } },
    });
    expect(upload.status()).toBe(201);
    const { id } = (await upload.json()) as { id: string };
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const otherHost = runBaseUrl().replace('127.0.0.1', 'localhost');
    await page.goto(`${otherHost}/images/${id}`);
    const image = page.locator('.gallery img').first();
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/uploads\//);
    await page.waitForLoadState('networkidle');
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(blocked).toEqual([]);
  });
});
