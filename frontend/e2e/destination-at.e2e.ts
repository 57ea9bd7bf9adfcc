// Issue 33, "Where did it point on …" in a dynamic code's History. The owner creates a code, changes its destination,
// sets a routing and changes the destination again (over a second apart each); the History tab's date-time picker
// answers, for a moment after each change, the destination, routing and version live then (from GET
// .../destination-at), and before the code existed the server's words. At 1280 and 375 px, with axe and screenshots.
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The datetime-local value (the browser's own time zone, to the second) of the first whole second at or after `iso`. */
const localSecondAfter = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const date = new Date(Math.ceil(Date.parse(at) / 1000) * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return (
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
      `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    );
  }, iso);

describe('where did it point on …', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('History answers the destination and routing live at a chosen moment (%s)', async (label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail(`pointed-${label}`);
    expect((await page.request.post('/api/register', { data: { email, password: 'pointed-password-9' } })).ok()).toBe(true);
    const made = await page.request.post('/api/dynamic-qrcodes', {
      multipart: { qrType: 'url', destination: 'https://bakery.example/first' },
    });
    expect(made.status()).toBe(201);
    const code = (await made.json()) as { id: string };
    const put = async (path: string, data: Record<string, unknown>) =>
      expect((await page.request.put(`/api/dynamic-qrcodes/${code.id}${path}`, { data })).status()).toBe(200);
    // Over a second apart: the picker is to the second, and a moment is asked just after each change.
    await pause(1200);
    await put('', { destination: 'https://bakery.example/second' });
    await pause(1200);
    await put('/routing', {
      rules: [{ when: { device: ['mobile'], country: ['DE', 'AT'] }, destination: 'https://bakery.example/phones' }],
      split: [
        { destination: 'https://bakery.example/a', weight: 60 },
        { destination: 'https://bakery.example/b', weight: 40 },
      ],
    });
    await pause(1200);
    await put('', { destination: 'https://bakery.example/third' });
    const history = (await (await page.request.get(`/api/qrcodes/${code.id}/history`)).json()) as { type: string; at: string }[];
    expect(history.map((entry) => entry.type)).toEqual(['QrCreated', 'QrDestinationChanged', 'QrRoutingChanged', 'QrDestinationChanged']);

    await page.goto(`/dashboard/analytics/${code.id}`);
    await page.getByRole('navigation', { name: 'Code analytics sections' }).getByRole('button', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Where did it point on …' }).waitFor();
    const picker = page.getByLabel('Date and time');
    const answer = page.getByTestId('pointed-at-answer');
    const lookUp = async (at: string) => {
      const asked = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/destination-at'));
      await picker.fill(at);
      await page.getByRole('button', { name: 'Look up' }).click();
      return asked;
    };

    // Just after the create: the first destination, no routing, version 1.
    const first = await lookUp(await localSecondAfter(page, history[0].at));
    expect(first.status()).toBe(200);
    const asked = new URL(first.url()).searchParams.get('at');
    expect(asked).toBe(new Date(Math.ceil(Date.parse(history[0].at) / 1000) * 1000).toISOString().replace('.000Z', 'Z'));
    const firstAnswer = (await first.json()) as { destination: string; version: number };
    expect(firstAnswer.destination).toBe('https://bakery.example/first');
    await answer.getByText('https://bakery.example/first').waitFor();
    expect(await answer.innerText()).toContain(`(version ${firstAnswer.version})`);
    expect(await answer.innerText()).toContain('No routing: every scan went to that destination.');

    // Just after the routing was set: the second destination with its rule and split.
    await lookUp(await localSecondAfter(page, history[2].at));
    await answer.getByText('https://bakery.example/second').waitFor();
    const withRouting = await answer.innerText();
    expect(withRouting).toContain(`(version ${firstAnswer.version + 2})`);
    expect(withRouting).toContain('Rule 1 (country DE or AT; device mobile): https://bakery.example/phones');
    expect(withRouting).toContain('Split A (60%): https://bakery.example/a');
    expect(withRouting).toContain('Split B (40%): https://bakery.example/b');
    await answer.scrollIntoViewIfNeeded();
    await capture(page, 'history-pointed-at');

    // Just after the last change: the third destination, the routing still there.
    await lookUp(await localSecondAfter(page, history[3].at));
    await answer.getByText('https://bakery.example/third').waitFor();
    expect(await answer.innerText()).toContain(`(version ${firstAnswer.version + 3})`);

    // Before the code existed: the server's words, no answer.
    const before = await lookUp('2020-01-01T12:00:00');
    expect(before.status()).toBe(400);
    expect(await page.getByTestId('pointed-at-failure').innerText()).toContain('The code did not exist yet at that time');
    expect(await answer.count()).toBe(0);
  });
});
