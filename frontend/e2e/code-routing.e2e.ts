// Issue 33, the dashboard's routing editor. An owner opens a dynamic code's editor, the Routing tab: adds a rule for
// mobile devices and a split of two addresses (the weights' sum is said before saving), sees the server's field error
// on a bad destination, saves with If-Match of the version the editor loaded, and the content save after it still goes
// through (the routing moved the code's version). After a reload the rule and the split are there; 'Test a scan' with
// the iPhone preset answers the rule's destination, as the real redirect does. A routing save over a change made
// elsewhere says so and Reload shows the latest. At 1280 and 375 px, checked with axe-core, with screenshots.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';

const session = browserForFile();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

const step = (page: Page, name: string) => page.getByRole('group', { name: 'What to edit' }).getByRole('button', { name }).click();

async function codeVersion(page: Page, id: string): Promise<number> {
  const res = await page.request.get(`/api/dashboard/codes/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { version: number }).version;
}

describe('routing editor', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])(
    'a rule for a device and a split: saved with If-Match, shown after a reload, tested with the iPhone preset (%s)',
    async (label, viewport) => {
      const { page } = await session.newPage(viewport);
      const email = uniqueEmail(`routing-${label}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'routing-password-9' } })).ok()).toBe(true);
      const made = await page.request.post('/api/dynamic-qrcodes', {
        multipart: {
          qrType: 'url',
          destination: 'https://cafe.example/menu',
          qrData: JSON.stringify({ url: 'https://cafe.example/menu' }),
        },
      });
      expect(made.status()).toBe(201);
      const created = (await made.json()) as { id: string; version: number; shortCode: string };

      await page.goto(`/dashboard/codes/${created.id}`);
      await page.getByRole('textbox', { name: 'Website URL' }).waitFor();
      await step(page, 'Routing');
      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByRole('group', { name: 'Rule 1 devices' }).getByRole('button', { name: 'Mobile' }).click();
      const ruleDestination = page.getByRole('textbox', { name: 'Rule 1 destination' });
      await ruleDestination.fill('not a web address');

      await page.getByRole('button', { name: 'Add split address' }).click();
      await page.getByRole('textbox', { name: 'Split A destination' }).fill('https://cafe.example/a');
      await page.getByRole('button', { name: 'Add split address' }).click();
      await page.getByRole('textbox', { name: 'Split B destination' }).fill('https://cafe.example/b');
      await page.getByRole('textbox', { name: 'Split A weight' }).fill('70');
      const sum = page.getByTestId('split-sum');
      expect(await sum.innerText()).toBe('The weights add up to 70; they must add up to 100.');
      // Not sent while the weights are off: the sum is said, nothing is saved.
      await page.getByRole('button', { name: 'Save routing' }).click();
      await sum.waitFor();
      await page.getByRole('textbox', { name: 'Split B weight' }).fill('30');
      await sum.waitFor({ state: 'detached' });
      await page.getByRole('textbox', { name: 'Max scans' }).fill('1000');

      // The server's 400 names the rule's destination: the message is shown on that field.
      const refused = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith('/routing'));
      await page.getByRole('button', { name: 'Save routing' }).click();
      expect((await refused).status()).toBe(400);
      await page.getByTestId('routing-error').waitFor();
      expect(await ruleDestination.getAttribute('aria-invalid')).toBe('true');
      await ruleDestination.scrollIntoViewIfNeeded();
      await capture(page, 'routing-field-error');

      await ruleDestination.fill('https://cafe.example/phone');
      expect(await ruleDestination.getAttribute('aria-invalid')).toBe('false');
      const put = page.waitForRequest(
        (req) => req.method() === 'PUT' && new URL(req.url()).pathname === `/api/dynamic-qrcodes/${created.id}/routing`,
      );
      const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith('/routing'));
      await page.getByRole('button', { name: 'Save routing' }).click();
      expect((await put).headers()['if-match']).toBe(`"${created.version}"`);
      expect((await saved).status()).toBe(200);
      await page.getByText('Routing saved').waitFor();
      const routing = await (await page.request.get(`/api/dynamic-qrcodes/${created.id}/routing`)).json();
      expect(routing).toMatchObject({
        rules: [{ when: { device: ['mobile'] }, destination: 'https://cafe.example/phone' }],
        split: [
          { destination: 'https://cafe.example/a', weight: 70 },
          { destination: 'https://cafe.example/b', weight: 30 },
        ],
        limits: { maxScans: 1000 },
      });
      // The real redirect agrees: an iPhone goes where the rule says.
      const scan = await page.request.get(`/d/${created.shortCode}`, { maxRedirects: 0, headers: { 'User-Agent': IPHONE } });
      expect([scan.status(), scan.headers().location]).toEqual([302, 'https://cafe.example/phone']);

      // The routing moved the code's version; the editor's next content save sends the new one and goes through.
      await step(page, 'Content');
      await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Routed menu');
      const contentPut = page.waitForResponse(
        (res) => res.request().method() === 'PUT' && res.url().endsWith(`/api/dynamic-qrcodes/${created.id}`),
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect((await contentPut).status()).toBe(200);
      await page.waitForURL((address) => address.pathname === '/dashboard/codes');

      // After a reload, the rule and the split are shown as saved.
      await page.goto(`/dashboard/codes/${created.id}`);
      await page.getByRole('textbox', { name: 'Website URL' }).waitFor();
      await step(page, 'Routing');
      await ruleDestination.waitFor();
      expect(await ruleDestination.inputValue()).toBe('https://cafe.example/phone');
      const mobile = page.getByRole('group', { name: 'Rule 1 devices' }).getByRole('button', { name: 'Mobile' });
      expect(await mobile.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('textbox', { name: 'Split A destination' }).inputValue()).toBe('https://cafe.example/a');
      expect(await page.getByRole('textbox', { name: 'Split A weight' }).inputValue()).toBe('70');
      expect(await page.getByRole('textbox', { name: 'Split B destination' }).inputValue()).toBe('https://cafe.example/b');
      expect(await page.getByRole('textbox', { name: 'Split B weight' }).inputValue()).toBe('30');
      expect(await page.getByRole('textbox', { name: 'Max scans' }).inputValue()).toBe('1000');
      await page.getByTestId('rule-1').scrollIntoViewIfNeeded();
      await capture(page, 'routing-saved');

      // Test a scan with the iPhone preset: the rule's destination, what matched and why.
      await page.getByRole('group', { name: 'User agent presets' }).getByRole('button', { name: 'Windows desktop' }).click();
      await page.getByRole('group', { name: 'User agent presets' }).getByRole('button', { name: 'iPhone' }).click();
      expect(await page.getByRole('textbox', { name: 'User agent' }).inputValue()).toBe(IPHONE);
      await page.getByRole('button', { name: 'Run test scan' }).click();
      const answer = page.getByTestId('test-scan-answer');
      await answer.waitFor();
      const said = await answer.innerText();
      expect(said).toContain('https://cafe.example/phone');
      expect(said).toContain('rule 1');
      await answer.scrollIntoViewIfNeeded();
      await capture(page, 'routing-test-scan');

      // A routing save over a change made elsewhere is refused (412) and says so; Reload shows the latest.
      const elsewhere = await page.request.put(`/api/dynamic-qrcodes/${created.id}/routing`, {
        data: { rules: [{ when: { device: ['tablet'] }, destination: 'https://cafe.example/tablet' }] },
        headers: { 'If-Match': `"${await codeVersion(page, created.id)}"` },
      });
      expect(elsewhere.status()).toBe(200);
      await ruleDestination.fill('https://cafe.example/phone-2');
      const stalePut = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith('/routing'));
      await page.getByRole('button', { name: 'Save routing' }).click();
      expect((await stalePut).status()).toBe(412);
      const stale = page.getByTestId('routing-stale');
      await stale.waitFor();
      expect(await stale.innerText()).toContain('This code was changed elsewhere; reload to see the latest version.');
      await stale.getByRole('button', { name: 'Reload' }).click();
      await stale.waitFor({ state: 'detached' });
      await ruleDestination.waitFor();
      expect(await ruleDestination.inputValue()).toBe('https://cafe.example/tablet');
      expect(await page.getByRole('textbox', { name: 'Split A destination' }).count()).toBe(0);
    },
  );
});
