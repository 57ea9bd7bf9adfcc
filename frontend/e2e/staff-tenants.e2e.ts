// Issue 19: tenants in the staff console. An admin opens the old /white-label-admin address and lands on the staff console's
// Tenants, creates a tenant and edits it, and sees the theme preview follow the form before saving; the tenant's home page
// (its subdomain: *.localhost reaches loopback in Chromium, and BASE_DOMAIN is localhost) carries its name in the tab
// title; a plain user sees no New Client button (the staff console sends them away); support sees no delete. 1280 and 375 px.
// react-admin's notifications ('Client created successfully', ...) are the site's toasts, not a second kind (issue 29).
import type { Frame, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';
import { until } from './support/until';

const session = browserForFile();

async function capture(page: Page, name: string): Promise<void> {
  // The theme preview's srcdoc frame never lets the page count as network-idle: with it, the page's own load suffices.
  if (await page.locator('iframe[title="Theme preview"]').count()) {
    await page.waitForLoadState('load');
    await (await preview(page)).locator('header').waitFor();
  } else await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** The theme preview's sample page (a sandboxed srcdoc frame). */
async function preview(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Theme preview"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no theme preview');
  return frame;
}

/** The computed style of the sample page's header and heading, as the tenant's pages would be drawn. */
async function previewColours(page: Page): Promise<{ header: string; heading: string; button: string }> {
  const frame = await preview(page);
  await frame.locator('header').waitFor();
  return frame.evaluate(() => ({
    header: getComputedStyle(document.querySelector('header') as Element).backgroundColor,
    heading: getComputedStyle(document.querySelector('h1') as Element).color,
    button: getComputedStyle(document.querySelector('.cta') as Element).backgroundColor,
  }));
}

/** A react-admin notification, shown as the site's toast (sonner's area): react-admin's own Snackbar shows nothing. */
async function raToast(page: Page, text: string, shot?: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor();
  expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
  if (shot) await screenshot(page, `${shot}-${page.viewportSize()?.width ?? 0}`);
}

async function waitForColours(page: Page, expected: { header?: string; heading?: string; button?: string }): Promise<void> {
  let last = await previewColours(page);
  const shown = async () => {
    last = await previewColours(page);
    return Object.entries(expected).every(([key, value]) => last[key as keyof typeof last] === value);
  };
  await until(shown, `the preview in ${JSON.stringify(expected)}`, 10_000).catch(() => undefined);
  expect(last).toMatchObject(expected);
}

describe('staff console: tenants (issue 19)', () => {
  it('an admin creates and edits a tenant, the preview changes before saving; its home page carries its name (1280 px)', async () => {
    const { page } = await session.newPage(DESKTOP);
    await signIn(page, STAFF_ADMIN_EMAIL);
    const subdomain = `harbour${Date.now().toString(36)}`;

    // The spec's address leads to the staff console's Tenants.
    await page.goto('/white-label-admin');
    await page.waitForURL(/\/admin\/clients/);
    await page.getByRole('table', { name: 'Tenants' }).waitFor();
    await expect(page.getByRole('table', { name: 'Tenants' }).getByText('QR Code Sharks').first().isVisible()).resolves.toBe(true);
    await capture(page, 'admin-tenants-list');

    await page.getByRole('link', { name: 'New Client' }).click();
    await page.getByLabel('Name').waitFor();
    await waitForColours(page, { header: 'rgb(59, 130, 246)', heading: 'rgb(30, 64, 175)' }); // the spec's defaults
    await page.getByLabel('Name').fill('Harbour Cafe');
    await page.getByLabel('Subdomain').fill(subdomain);
    await page.getByLabel('Primary colour').fill('#0f766e');
    // Before saving: the sample page already wears the new colour and name.
    await waitForColours(page, { header: 'rgb(15, 118, 110)' });
    expect(await (await preview(page)).locator('header strong').textContent()).toBe('Harbour Cafe');
    await capture(page, 'admin-tenant-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await raToast(page, 'Client created successfully', 'admin-tenant-created-toast');
    await page.getByText(`${subdomain}`, { exact: false }).first().waitFor();

    // Show: the key masked until revealed.
    const key = page.getByTestId('api-key');
    expect(await key.textContent()).toMatch(/^qrs_•+[0-9a-f]{4}$/);
    await page.getByRole('button', { name: 'Show API key' }).click();
    const firstKey = await key.textContent();
    expect(firstKey).toMatch(/^qrs_[0-9a-f]{48}$/);
    await capture(page, 'admin-tenant-show');
    // Rotate: asked first, then a new key, shown.
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await raToast(page, 'API key rotated');
    await page.waitForFunction(
      (old) =>
        /^qrs_[0-9a-f]{48}$/.test(document.querySelector('[data-testid="api-key"]')?.textContent ?? '') &&
        document.querySelector('[data-testid="api-key"]')?.textContent !== old,
      firstKey,
    );

    // Edit: the preview follows the secondary colour and the custom CSS before anything is saved.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Secondary colour').waitFor();
    await page.getByLabel('Secondary colour').fill('#b45309');
    await page.getByLabel('Custom CSS').fill('.cta { background: rgb(17, 24, 39) !important; }');
    await waitForColours(page, { header: 'rgb(15, 118, 110)', heading: 'rgb(180, 83, 9)', button: 'rgb(17, 24, 39)' });
    const saved = (await (
      await page.request.get(`/api/admin/clients?filter=${encodeURIComponent(JSON.stringify({ q: subdomain }))}`)
    ).json()) as {
      secondaryColor: string;
    }[];
    expect(saved[0].secondaryColor).toBe('#1E40AF'); // nothing saved yet
    await capture(page, 'admin-tenant-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await raToast(page, 'Client updated successfully');
    const after = (await (
      await page.request.get(`/api/admin/clients?filter=${encodeURIComponent(JSON.stringify({ q: subdomain }))}`)
    ).json()) as {
      secondaryColor: string;
      customCSS: string;
    }[];
    expect(after[0]).toMatchObject({ secondaryColor: '#B45309', customCSS: '.cta { background: rgb(17, 24, 39) !important; }' });

    // The tenant's home page, on its subdomain: its name in the tab title (it keeps our branding: '{name} - QR Code Sharks').
    const visitor = await session.newPage(DESKTOP);
    const port = new URL(session.baseUrl).port;
    await visitor.page.goto(`http://${subdomain}.localhost:${port}/`);
    const title = 'Harbour Cafe - QR Code Sharks - Free QR Code Generator';
    await visitor.page.waitForFunction((expected) => document.title === expected, title, { timeout: 15_000 }).catch(() => undefined);
    expect(await visitor.page.title()).toBe(title);
    await capture(visitor.page, 'tenant-home');
  });

  it('support sees New Client but no delete; a plain user opening /white-label-admin sees no New Client button (375 px)', async () => {
    const admin = await session.newPage(DESKTOP);
    await signIn(admin.page, STAFF_ADMIN_EMAIL);
    const { page } = await session.newPage(MOBILE);
    const supportId = await signIn(page, uniqueEmail('tenant-support'));
    expect((await admin.page.request.post(`/api/admin/users/${supportId}/roles/support`)).status()).toBe(201);

    await page.goto('/white-label-admin');
    await page.waitForURL(/\/admin\/clients/);
    await page.getByRole('link', { name: 'New Client' }).waitFor();
    await capture(page, 'admin-tenants-support');
    // The form and its preview on a phone: stacked, the preview under the fields.
    await page.getByRole('link', { name: 'New Client' }).click();
    await page.getByLabel('Name').fill('Pier Kiosk');
    await page.getByLabel('Primary colour').fill('#7c3aed');
    await waitForColours(page, { header: 'rgb(124, 58, 237)' });
    await capture(page, 'admin-tenant-create-support');
    await page.getByLabel('Subdomain').fill(`pier${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await raToast(page, 'Client created successfully', 'admin-tenant-created-toast');
    await page.goto('/admin/clients/1/show');
    await page.getByRole('button', { name: 'Show API key' }).waitFor();
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await capture(page, 'admin-tenant-show-support');

    const plain = await session.newPage(MOBILE);
    await signIn(plain.page, uniqueEmail('tenant-plain'));
    await plain.page.goto('/white-label-admin');
    // The staff console sends anyone who is not staff to / (a signed-in user's home: their dashboard).
    await plain.page.waitForURL((url) => !/^\/(admin|white-label-admin)/.test(url.pathname));
    expect(await plain.page.getByRole('button', { name: 'New Client' }).count()).toBe(0);
    expect(await plain.page.getByRole('link', { name: 'New Client' }).count()).toBe(0);
    expect(await plain.page.getByText('Failed to fetch clients').count()).toBe(0);
    await capture(plain.page, 'white-label-admin-plain-user');
  });
});
