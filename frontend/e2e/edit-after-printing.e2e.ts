// Issue 30 item 3, edit after printing. An owner opens a dynamic code's editor from its card, changes its content (the
// web address) and its style (second colour, dot shape, a preset logo, a frame with its text) and saves: the save is a
// PUT with If-Match of the version the editor loaded, History records each change, scans go to the new address and the
// re-rendered download still decodes to the same short link. A save over a change made elsewhere meanwhile says
// "This code was changed elsewhere; reload to see the latest version." and Reload shows the latest version. A static
// code's editor says its content is fixed by what was printed and offers Duplicate and edit, which opens the editor on a
// copy (content, style and name prefilled); saving it creates a new code and leaves the original as it was. At 1280 and
// 375 px, checked with axe-core (no serious or critical violations), with screenshots.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { decodeQr, prepareDecoder } from './support/decode';

const session = browserForFile();

interface SavedCode {
  id: string;
  version: number;
  link?: string;
  shortCode?: string;
  name: string | null;
  qrData: Record<string, unknown>;
  fgColor: string;
  gradientColor: string | null;
  dotShape: string;
  enableFrame: boolean;
  frameText: string;
  logoFileName: string | null;
}

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

async function readCode(page: Page, id: string): Promise<SavedCode> {
  const res = await page.request.get(`/api/dashboard/codes/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SavedCode;
}

/** The editor's switch between Content, Colors, Logo and Frame. */
const step = (page: Page, name: string) => page.getByRole('group', { name: 'What to edit' }).getByRole('button', { name }).click();

beforeAll(() => prepareDecoder());

describe('edit after printing', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])(
    'a dynamic code: new content and style with If-Match, the same short link, a stale save said plainly (%s)',
    async (label, viewport) => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail(`edit-${label}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'edit-password-9' } })).ok()).toBe(true);
      const made = await page.request.post('/api/dynamic-qrcodes', {
        multipart: {
          qrType: 'url',
          destination: 'https://cafe.example/spring',
          qrData: JSON.stringify({ url: 'https://cafe.example/spring' }),
        },
      });
      expect(made.status()).toBe(201);
      const created = (await made.json()) as SavedCode;
      const before = await page.request.get(`/api/qrcodes/${created.id}/download?format=png`);
      expect(await decodeQr(await before.body())).toEqual([created.link]);

      const dashboard = new DashboardPage(page);
      await page.goto('/dashboard/codes');
      await dashboard.more(dashboard.card(created.id), 'Edit content and style');
      await page.waitForURL((url) => url.pathname === `/dashboard/codes/${created.id}`);
      const url = page.getByRole('textbox', { name: 'Website URL' });
      await url.waitFor();
      expect(await url.inputValue()).toBe('https://cafe.example/spring');
      expect(await page.getByTestId('edit-note').innerText()).toContain(created.link);
      await capture(page, 'edit-dynamic');

      await url.fill('https://cafe.example/summer');
      await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Summer menu');
      await step(page, 'Colors');
      await page.getByRole('button', { name: 'Second Color' }).click();
      await page.getByRole('button', { name: 'Dot shape: Circle' }).click();
      await step(page, 'Logo');
      await page.getByRole('group', { name: 'Preset logos' }).getByRole('button').first().click();
      await page.getByRole('img', { name: 'Selected logo' }).waitFor();
      await step(page, 'Frame');
      await page.getByLabel('Enable frame').check();
      await page.getByRole('textbox', { name: 'Frame text' }).fill('MENU');
      await capture(page, 'edit-dynamic-styled');

      const put = page.waitForRequest(
        (req) => req.method() === 'PUT' && new URL(req.url()).pathname === `/api/dynamic-qrcodes/${created.id}`,
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await put).headers()['if-match']).toBe(`"${created.version}"`);
      await page.waitForURL((address) => address.pathname === '/dashboard/codes');
      await page.getByText('Your changes were saved. The printed code stays the same.').waitFor();

      const saved = await readCode(page, created.id);
      expect(saved).toMatchObject({
        name: 'Summer menu',
        qrData: { url: 'https://cafe.example/summer' },
        gradientColor: '#ff00ff',
        dotShape: 'circle',
        enableFrame: true,
        frameText: 'MENU',
        logoFileName: expect.stringMatching(/\.svg$/),
      });
      const history = (await (await page.request.get(`/api/qrcodes/${created.id}/history`)).json()) as { type: string }[];
      expect(history.map((entry) => entry.type)).toEqual([
        'QrCreated',
        'QrRenamed',
        'QrDestinationChanged',
        'QrContentChanged',
        'QrStyleChanged',
      ]);
      const scan = await page.request.get(`/d/${created.shortCode}`, { maxRedirects: 0 });
      expect([scan.status(), scan.headers().location]).toEqual([302, 'https://cafe.example/summer']);
      const after = await page.request.get(`/api/qrcodes/${created.id}/download?format=png`);
      expect(Buffer.compare(await after.body(), await before.body())).not.toBe(0);
      expect(await decodeQr(await after.body())).toEqual([created.link]);

      // Someone else renames the code while the editor is open: the save is refused (412) and says so; Reload shows it.
      await page.goto(`/dashboard/codes/${created.id}`);
      await url.waitFor();
      const elsewhere = await page.request.put(`/api/dynamic-qrcodes/${created.id}`, {
        data: { name: 'Renamed elsewhere' },
        headers: { 'If-Match': `"${saved.version}"` },
      });
      expect(elsewhere.status()).toBe(200);
      await url.fill('https://cafe.example/autumn');
      const refused = page.waitForResponse((res) => res.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await refused).status()).toBe(412);
      const stale = page.getByTestId('stale-edit');
      await stale.waitFor();
      expect(await stale.innerText()).toContain('This code was changed elsewhere; reload to see the latest version.');
      await capture(page, 'edit-stale');
      await stale.getByRole('button', { name: 'Reload' }).click();
      await stale.waitFor({ state: 'detached' });
      expect(await page.getByRole('textbox', { name: 'Name (optional)' }).inputValue()).toBe('Renamed elsewhere');
      expect(await url.inputValue()).toBe('https://cafe.example/summer');
      expect((await readCode(page, created.id)).qrData).toEqual({ url: 'https://cafe.example/summer' });
    },
  );

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])(
    'a static code: its content is fixed by what was printed; Duplicate and edit makes a new code from it (%s)',
    async (label, viewport) => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail(`static-${label}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'edit-password-9' } })).ok()).toBe(true);
      const made = await page.request.post('/api/qrcodes', {
        multipart: {
          qrType: 'text',
          qrData: JSON.stringify({ text: 'Door code 1234' }),
          fgColor: '#1a237e',
          dotShape: 'rounded',
          codeName: 'Front door',
        },
      });
      expect(made.status()).toBe(201);
      const original = (await made.json()) as SavedCode;

      const dashboard = new DashboardPage(page);
      await page.goto('/dashboard/codes');
      await dashboard.more(dashboard.card(original.id), 'Edit style');
      const notice = page.getByTestId('static-content-fixed');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('its content is printed in the pattern itself, so it cannot be changed');
      expect(await page.getByRole('textbox', { name: 'Text' }).count()).toBe(0);
      await capture(page, 'edit-static');

      await notice.getByRole('link', { name: 'Duplicate and edit' }).click();
      await page.waitForURL((url) => url.pathname === `/dashboard/duplicate/${original.id}`);
      const text = page.getByRole('textbox', { name: 'Text' });
      await text.waitFor();
      expect(await text.inputValue()).toBe('Door code 1234');
      expect(await page.getByRole('textbox', { name: 'Name (optional)' }).inputValue()).toBe('Copy of Front door');
      await text.fill('Door code 5678');
      await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Back door');
      await capture(page, 'duplicate-edit');

      const post = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/qrcodes');
      await page.getByRole('button', { name: 'Save as new code' }).click();
      const created = await post;
      expect(created.status()).toBe(201);
      const copy = (await created.json()) as SavedCode;
      await page.waitForURL((url) => url.pathname === '/dashboard/codes');
      await dashboard.card(copy.id).waitFor();
      expect(await readCode(page, copy.id)).toMatchObject({
        name: 'Back door',
        qrData: { text: 'Door code 5678' },
        fgColor: '#1a237e',
        dotShape: 'rounded',
      });
      const png = await page.request.get(`/api/qrcodes/${copy.id}/download?format=png`);
      expect(await decodeQr(await png.body())).toEqual(['Door code 5678']);
      expect(await readCode(page, original.id)).toMatchObject({ name: 'Front door', qrData: { text: 'Door code 1234' }, version: 1 });
    },
  );
});
