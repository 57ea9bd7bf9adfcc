// Issue 33, the UTM builder on destinations. An owner opens a dynamic website code's editor: 'UTM tags' under the
// Website URL takes source, medium and campaign, shows the address they make (the address's own query and fragment
// kept) and Apply puts it in the field; Save changes saves it and /d/ sends scans there. On the Routing tab a rule's
// destination gets its tags the same way, filled from the tags it already has, and Save routing keeps them.
// At 1280 and 375 px, with axe and screenshots.
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { until } from './support/until';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

const step = (page: Page, name: string) => page.getByRole('group', { name: 'What to edit' }).getByRole('button', { name }).click();

describe('UTM builder', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])("tags the code's address and a rule's destination, own query kept (%s)", async (label, viewport) => {
    const { page } = await session.newPage(viewport);
    const email = uniqueEmail(`utm-${label}`);
    expect((await page.request.post('/api/register', { data: { email, password: 'utm-password-9' } })).ok()).toBe(true);
    const start = 'https://cafe.example/menu?table=4#drinks';
    const made = await page.request.post('/api/dynamic-qrcodes', {
      multipart: { qrType: 'url', destination: start, qrData: JSON.stringify({ url: start }) },
    });
    expect(made.status()).toBe(201);
    const code = (await made.json()) as { id: string; shortCode: string };

    await page.goto(`/dashboard/codes/${code.id}`);
    const address = page.getByRole('textbox', { name: 'Website URL' });
    await address.waitFor();
    await page.getByRole('button', { name: 'UTM tags for Website URL' }).click();
    const builder = page.getByRole('group', { name: 'UTM tags for Website URL' });
    await builder.getByRole('textbox', { name: 'Source' }).fill('flyer');
    await builder.getByRole('textbox', { name: 'Medium' }).fill('print');
    await builder.getByRole('textbox', { name: 'Campaign' }).fill('spring sale');
    const tagged = 'https://cafe.example/menu?table=4&utm_source=flyer&utm_medium=print&utm_campaign=spring%20sale#drinks';
    expect(await builder.getByTestId('utm-preview').innerText()).toBe(tagged);
    await builder.scrollIntoViewIfNeeded();
    await capture(page, 'utm-builder');
    await builder.getByRole('button', { name: 'Apply' }).click();
    await builder.waitFor({ state: 'detached' });
    expect(await address.inputValue()).toBe(tagged);

    const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith(`/api/dynamic-qrcodes/${code.id}`));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/dashboard/codes');
    // The redirect reads its own read model, which a content save does not wait for (it may lag under load).
    const scan = async () =>
      (await page.request.get(`/d/${code.shortCode}`, { maxRedirects: 0, headers: { 'user-agent': 'curl/8.5.0' } })).headers().location;
    await until(async () => (await scan()) === tagged, `/d/ to send scans to ${tagged}`, 30_000);

    // A rule's destination: the builder starts from the tags it has; a changed source replaces it, the rest kept.
    await page.goto(`/dashboard/codes/${code.id}`);
    await address.waitFor();
    await step(page, 'Routing');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('group', { name: 'Rule 1 devices' }).getByRole('button', { name: 'Mobile' }).click();
    await page.getByRole('textbox', { name: 'Rule 1 destination' }).fill('https://cafe.example/phone?lang=de&utm_source=old');
    await page.getByRole('button', { name: 'UTM tags for Rule 1 destination' }).click();
    const rule = page.getByRole('group', { name: 'UTM tags for Rule 1 destination' });
    expect(await rule.getByRole('textbox', { name: 'Source' }).inputValue()).toBe('old');
    await rule.getByRole('textbox', { name: 'Source' }).fill('qr');
    await rule.getByRole('textbox', { name: 'Content' }).fill('phone rule');
    await rule.scrollIntoViewIfNeeded();
    await capture(page, 'utm-builder-rule');
    await rule.getByRole('button', { name: 'Apply' }).click();
    const ruleTagged = 'https://cafe.example/phone?lang=de&utm_source=qr&utm_content=phone%20rule';
    expect(await page.getByRole('textbox', { name: 'Rule 1 destination' }).inputValue()).toBe(ruleTagged);
    const put = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith('/routing'));
    await page.getByRole('button', { name: 'Save routing' }).click();
    expect((await put).status()).toBe(200);
    const routing = (await (await page.request.get(`/api/dynamic-qrcodes/${code.id}/routing`)).json()) as {
      rules: { destination: string }[];
    };
    expect(routing.rules[0].destination).toBe(ruleTagged);
  });
});
