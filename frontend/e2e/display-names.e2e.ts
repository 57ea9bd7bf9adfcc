// Issue 30 item 1: one display name per code, and no secret on screen. An owner with an unnamed Wi-Fi code (with its
// password), a static vCard and a dynamic vCard sees them named "Office-5G" and "Sandy Shark" on the cards, in the
// delete dialog, in the analytics lists and in every accessible name; the password, the raw payloads (WIFI:, BEGIN:VCARD)
// and the contact's private note appear nowhere in the page's text or its aria-labels, titles and alt texts. At 1280
// and 375 px, checked with axe-core (no serious or critical violations), with screenshots.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';

const session = browserForFile();

const PASSWORD = 'hunter2-office-secret';
const WIFI = { ssid: 'Office-5G', password: PASSWORD, encryption: 'WPA', hidden: false };
const VCARD = { firstName: 'Sandy', lastName: 'Shark', phoneNumber: '+15550100', notes: 'private note 42' };
const SECRETS = [PASSWORD, 'WIFI:', 'BEGIN:VCARD', 'VCARD', 'private note 42'];

/** Everything the page says to a person or a screen reader: its text and every label-like attribute. */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'alt', 'aria-description', 'placeholder'];
    const labels = [...document.querySelectorAll('*')].flatMap((node) =>
      attributes.map((name) => node.getAttribute(name)).filter((value): value is string => Boolean(value)),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

async function expectNoSecret(page: Page): Promise<void> {
  const words = await pageWords(page);
  for (const secret of SECRETS) expect(words).not.toContain(secret);
}

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('code names: one per code, no secret on screen', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('cards, delete dialog, analytics lists and accessible names (%s)', async (_label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail('names');
    expect((await page.request.post('/api/register', { data: { email, password: 'names-password-9' } })).ok()).toBe(true);
    const create = async (path: string, multipart: Record<string, string>) => {
      const res = await page.request.post(path, { multipart });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const wifi = await create('/api/qrcodes', { qrType: 'wifi', qrData: JSON.stringify(WIFI) });
    await create('/api/qrcodes', { qrType: 'contact', qrData: JSON.stringify(VCARD) });
    await create('/api/dynamic-qrcodes', { qrType: 'contact', qrData: JSON.stringify(VCARD) });

    const dashboard = new DashboardPage(page);
    await page.goto('/dashboard/codes');
    await dashboard.waitForTitles(['Sandy Shark', 'Sandy Shark', 'Office-5G']);
    const wifiCard = dashboard.card(wifi);
    expect(await wifiCard.getAttribute('aria-label')).toBe('Office-5G');
    await wifiCard.getByRole('button', { name: 'Delete Office-5G' }).waitFor();
    await wifiCard.getByRole('button', { name: 'More actions for Office-5G' }).waitFor();
    await expectNoSecret(page);
    await capture(page, 'names-codes');

    await wifiCard.getByRole('button', { name: 'Delete Office-5G' }).click();
    const dialog = dashboard.dialog('Delete this QR code?');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('"Office-5G" will be deleted.');
    await expectNoSecret(page);
    await capture(page, 'names-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/dashboard/analytics');
    const yourCodes = page.getByTestId('analytics-codes');
    await yourCodes.getByRole('link', { name: 'Office-5G' }).waitFor();
    expect(await yourCodes.getByRole('link').allInnerTexts()).toEqual(['Sandy Shark', 'Sandy Shark', 'Office-5G']);
    await page.getByText('Sandy Shark').first().waitFor();
    await expectNoSecret(page);
    await capture(page, 'names-analytics');
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])("the name typed in the dashboard's generator is the name everywhere (%s)", async (_label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail('named');
    expect((await page.request.post('/api/register', { data: { email, password: 'names-password-9' } })).ok()).toBe(true);
    await page.goto('/?create=true');
    const generator = page.getByRole('region', { name: 'Generate Your QR Code' });
    await generator.getByLabel('Name (optional)').fill('  Lobby poster ');
    await generator.getByLabel('Website URL').first().fill('https://cafe.example/menu?table=4');
    // The downloads turn on when the preview of what was typed is drawn; their colour then fades in (MUI's 250 ms
    // transition), and an axe scan inside that fade measures a half-grey label (a loaded run saw it).
    for (const name of ['Download PNG', 'Download SVG']) await page.locator('button:not([disabled])', { hasText: name }).waitFor();
    await capture(page, 'names-generator');
    const created = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/qrcodes');
    await generator.getByRole('button', { name: 'Generate QR Code' }).click();
    expect((await created).status()).toBe(201);

    await page.goto('/dashboard/codes');
    await new DashboardPage(page).waitForTitles(['Lobby poster']);
    await page.goto('/dashboard/analytics');
    await page.getByTestId('analytics-codes').getByRole('link', { name: 'Lobby poster' }).waitFor();
  });
});
