// Issue 33, the custom back-half in the create flow. A signed-in owner opens Create QR Code, turns Dynamic on and the
// field appears; as they type it says what the server says: too short (checked here, nothing asked), reserved
// ('admin', the server's 400), taken (another code has it) and available. Generate makes the code with that back-half
// (/d/{it} redirects). A back-half taken between the check and Generate (409) is said in the toast and on the field.
// At 1280 and 375 px, with axe and screenshots.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('custom back-half at creation', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('availability as the person types, then a code made with it; a race lost says so (%s)', async (label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail(`back-half-${label}`);
    expect((await page.request.post('/api/register', { data: { email, password: 'back-half-password-9' } })).ok()).toBe(true);
    expect((await page.request.post('/api/activate-trial', { data: { email } })).status()).toBe(200);
    const stamp = `${label}${Date.now().toString(36)}`;
    const makeWith = (customShortCode: string) =>
      page.request.post('/api/dynamic-qrcodes', {
        multipart: { qrType: 'url', destination: 'https://other.example/', customShortCode },
      });
    expect((await makeWith(`taken-${stamp}`)).status()).toBe(201);

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/dynamic-qrcodes/short-code-availability') asked.push(url.searchParams.get('code') ?? '');
    });
    await page.goto('/dashboard/create');
    const card = page.getByRole('region', { name: 'Generate Your QR Code' });
    await card.getByRole('button', { name: 'Dynamic' }).waitFor({ timeout: 30_000 });
    const field = card.getByRole('textbox', { name: 'Custom back-half (optional)' });
    expect(await field.count()).toBe(0);
    await card.getByRole('button', { name: 'Dynamic' }).click();
    await field.waitFor();
    const said = card.getByTestId('short-code-availability');
    const says = async (state: string, text: string) => {
      await card.locator(`[data-testid="short-code-availability"][data-state="${state}"]`).waitFor();
      expect(await said.innerText()).toBe(text);
    };
    await says('empty', 'Left blank, a short random one is chosen. It cannot be changed later: it is printed.');

    await field.fill('ab');
    await says('refused', 'The custom back-half must be 4 to 64 letters, digits, - or _');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('admin');
    await says('refused', 'This back-half is reserved. Please choose another one.');
    await field.fill(`taken-${stamp}`);
    await says('refused', 'This back-half is already taken. Please choose another one.');
    const chosen = `menu-${stamp}`;
    await field.fill(chosen);
    const host = new URL(page.url()).host;
    await says('available', `${host}/d/${chosen} is available`);
    expect(await field.getAttribute('aria-invalid')).toBe('false');
    expect(asked).not.toContain('ab');
    expect(asked).toEqual(expect.arrayContaining(['admin', `taken-${stamp}`, chosen]));
    await field.scrollIntoViewIfNeeded();
    await capture(page, 'create-back-half');

    // Generate: the code is made with the chosen back-half, and /d/{it} goes to the destination.
    await card.getByLabel('Website URL').first().fill('https://cafe.example/menu');
    const created = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/dynamic-qrcodes' && res.request().method() === 'POST',
    );
    await card.getByRole('button', { name: 'Generate QR Code' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { shortCode: string }).shortCode).toBe(chosen);
    await page.getByText('Dynamic QR Code saved to your account.', { exact: true }).first().waitFor();
    const scan = await page.request.get(`/d/${chosen}`, { maxRedirects: 0, headers: { 'user-agent': 'curl/8.5.0' } });
    expect([scan.status(), scan.headers().location]).toEqual([302, 'https://cafe.example/menu']);

    // Taken between the check and Generate: the 409's words in the toast and on the field.
    const raced = `race-${stamp}`;
    await field.fill(raced);
    await says('available', `${host}/d/${raced} is available`);
    expect((await makeWith(raced)).status()).toBe(201);
    const refused = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/dynamic-qrcodes' && res.request().method() === 'POST',
    );
    await card.getByRole('button', { name: 'Generate QR Code' }).click();
    expect((await refused).status()).toBe(409);
    await page
      .getByTestId('toast-description')
      .getByText('This back-half is already taken. Please choose another one.', { exact: true })
      .waitFor();
    await says('refused', 'This back-half is already taken. Please choose another one.');
    await field.scrollIntoViewIfNeeded();
    await capture(page, 'create-back-half-taken');
  });
});
