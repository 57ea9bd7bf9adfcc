// Issue 15, item 6: password protection of dynamic codes. The owner sets a password from the dashboard (the code's
// card then shows a lock); a person scanning the code at 375 px meets the password page, is told 'Incorrect password'
// for a wrong one, and lands on the destination with the right one. The destination (https://example.com) is
// answered by the test itself: the test asserts the navigation the browser makes, past the page's CSP form-action.
// Screenshots of the password page and the dashboard card at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { until } from './support/until';

const session = browserForFile();
const DESTINATION = 'https://example.com/private-menu?table=7';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Code {
  id: string;
  shortCode: string;
  hasPassword: boolean;
  scanCount: number;
}

/** A fresh account with one dynamic URL code, made through the API as the generator would. */
async function ownerWithCode(page: Page): Promise<Code> {
  const registered = await page.request.post('/api/register', {
    data: { email: uniqueEmail('code-password'), password: 'owner-password-9' },
  });
  expect(registered.ok()).toBe(true);
  const created = await page.request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination: DESTINATION } });
  expect(created.status()).toBe(201);
  return (await created.json()) as Code;
}

const codeCard = (page: Page, code: Code) => page.locator(`[data-testid="code-card"][data-short-code="${code.shortCode}"]`);

/** The card's More actions menu (issue 16's dashboard): Set/Change/Remove password live there. */
async function cardMenu(page: Page, code: Code, item: string): Promise<void> {
  await codeCard(page, code)
    .getByRole('button', { name: /^More actions for/ })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

async function setPasswordInDashboard(page: Page, code: Code, password: string): Promise<void> {
  await page.goto('/dashboard');
  const card = codeCard(page, code);
  await card.waitFor({ timeout: 15_000 });
  expect(await card.getByTestId('code-lock').count()).toBe(0);
  await cardMenu(page, code, 'Set password');
  const dialog = page.getByRole('dialog', { name: 'Set a password' });
  await dialog.getByLabel('Password').fill('abc');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await dialog.getByText('Password must be at least 4 characters').waitFor();
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.getByTestId('code-lock').waitFor();
}

describe('a password-protected dynamic code', () => {
  it(
    'the owner sets a password in the dashboard; a person scanning at 375 px types it and lands on the destination, counted ' + 'once',
    async () => {
      const owner = await session.newPage(DESKTOP);
      const code = await ownerWithCode(owner.page);
      await setPasswordInDashboard(owner.page, code, 'open sesame');
      expect(await codeCard(owner.page, code).getByText('Password protected').isVisible()).toBe(true);

      const { page } = await session.newPage(MOBILE);
      // Headless Chromium names itself in its user agent, and bots are not counted: scan as a phone's browser does.
      await page.setExtraHTTPHeaders({ 'user-agent': PHONE_UA });
      const destinations: string[] = [];
      await page.route('https://example.com/**', async (route) => {
        destinations.push(route.request().url());
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Private menu</title><h1>Private menu</h1>',
        });
      });
      const shown = await page.goto(`/d/${code.shortCode}`);
      expect(shown?.status()).toBe(200);
      await page.getByRole('heading', { name: 'This QR code is password protected' }).waitFor();
      // At 375 px the form fits the screen: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.getByLabel('Password').fill('open sesame?');
      const [wrong] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
      expect(wrong.status()).toBe(401);
      await page.getByRole('alert').getByText('Incorrect password').waitFor();
      expect(destinations).toEqual([]);

      await page.getByLabel('Password').fill('open sesame');
      const [unlocked] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'POST' && response.status() === 302),
        page.getByRole('button', { name: 'Continue' }).click(),
      ]);
      expect(unlocked.headers().location).toBe(DESTINATION);
      await page.waitForURL(DESTINATION);
      await page.getByRole('heading', { name: 'Private menu' }).waitFor();
      expect(destinations).toEqual([DESTINATION]);

      // The owner's card counts the one scan (the password page and the wrong password were not scans).
      let scans = 0;
      const counted = async () => {
        const rows = (await (await owner.page.request.get('/api/dynamic-qrcodes')).json()) as Code[];
        return (scans = rows.find((row) => row.id === code.id)?.scanCount ?? 0) > 0;
      };
      await until(counted, 'the scan counted on the card', 20_000).catch(() => undefined);
      expect(scans).toBe(1);
    },
  );

  it('the owner removes the password: the lock goes and the link redirects straight away', async () => {
    const owner = await session.newPage(DESKTOP);
    const code = await ownerWithCode(owner.page);
    await setPasswordInDashboard(owner.page, code, 'open sesame');
    const card = codeCard(owner.page, code);
    await cardMenu(owner.page, code, 'Remove password');
    await card.getByTestId('code-lock').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: /^More actions for/ }).click();
    await owner.page.getByRole('menuitem', { name: 'Set password', exact: true }).waitFor();
    await owner.page.keyboard.press('Escape');
    const res = await owner.page.request.get(`/d/${code.shortCode}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe(DESTINATION);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`the password page and the locked card are captured at ${viewport.width} px`, async () => {
      const owner = await session.newPage(viewport);
      const code = await ownerWithCode(owner.page);
      await setPasswordInDashboard(owner.page, code, 'open sesame');
      await screenshot(owner.page, `code-password-card-${viewport.width}`);
      const { page } = await session.newPage(viewport);
      await page.goto(`/d/${code.shortCode}`);
      await page.getByLabel('Password').fill('wrong one');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alert').getByText('Incorrect password').waitFor();
      await screenshot(page, `code-password-page-${viewport.width}`);
    });
  }
});
