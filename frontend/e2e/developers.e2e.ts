// The Developers page (issue 34): from the dashboard's menu, create an API key (shown once in a dialog with a copy
// button, a curl example using it and the link to /api/docs), see it listed with its prefix and scopes, use it from
// outside the browser (no cookie), see it marked used, revoke it after a confirmation: the next call is 401.
// 375 and 1280 px, with screenshots and axe. Needs: POST /api/register, /api/api-keys, GET /api/qrcodes with a key.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { dismissToast } from './support/toasts';

const session = browserForFile();

/** Waits until the open dialog has faded in (a screenshot or axe mid-transition sees it half transparent). */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('.MuiDialog-container')].every((node) => getComputedStyle(node).opacity === '1'),
  );

/** A call from a script: Node's own HTTP client, no browser, no cookie. */
const callWithKey = (key: string) => fetch(`${session.baseUrl}/api/qrcodes`, { headers: { authorization: `Bearer ${key}` } });

describe('Developers: API keys', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    it(`creates a key shown once with copy and curl, lists it, revokes it (${viewport.width} px)`, async () => {
      const { context, page } = await session.newPage(viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
      const email = uniqueEmail(`developers-${viewport.width}`);
      expect((await page.request.post('/api/register', { data: { email, password: 'developers-password-9' } })).ok()).toBe(true);
      const dashboard = new DashboardPage(page);
      const chrome = new SiteChrome(page);
      await page.goto('/dashboard/codes');
      await dashboard.go('Developers');
      await page.waitForURL((url) => url.pathname === '/dashboard/developers');
      await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
      await page.getByText('No keys yet.').waitFor();
      expect(await page.getByRole('link', { name: 'API documentation' }).first().getAttribute('href')).toBe('/api/docs');

      // Nothing chosen is refused in the form; then a key with two scopes.
      const form = page.getByRole('form', { name: 'Create an API key' });
      await form.getByRole('checkbox', { name: /codes:read/ }).uncheck();
      await form.getByRole('button', { name: 'Create key' }).click();
      await form.getByText('Name is required').waitFor();
      await form.getByText('Choose at least one scope').waitFor();
      await form.getByRole('textbox', { name: 'Name' }).fill('Nightly export');
      await form.getByRole('checkbox', { name: /codes:read/ }).check();
      await form.getByRole('checkbox', { name: /analytics:read/ }).check();
      await form.getByRole('button', { name: 'Create key' }).click();

      const dialog = page.getByRole('dialog', { name: 'Your new API key' });
      await dialog.waitFor();
      const key = (await dialog.getByTestId('new-key').innerText()).trim();
      expect(key).toMatch(/^qrs_live_[A-Za-z0-9_-]{43}$/);
      expect((await dialog.getByTestId('curl-example').innerText()).trim()).toBe(
        `curl -H "Authorization: Bearer ${key}" ${session.baseUrl}/api/qrcodes`,
      );
      expect(await dialog.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
      await dialog.getByRole('button', { name: 'Copy key' }).click();
      expect(await chrome.waitForToast('Copied')).toContain('The key is on your clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await dismissToast(page);
      await dialog.getByRole('button', { name: 'Copy curl command' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Bearer ${key}`);
      await dismissToast(page);
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `developers-new-key-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Listed by name and prefix, never the key; used from a script, it says so after a reload.
      const row = page.getByTestId('api-key');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.getByTestId('api-key-name').innerText()).toBe('Nightly export');
      expect(await row.getByTestId('api-key-prefix').innerText()).toBe(`${key.slice(0, 17)}…`);
      expect(await row.getByText('codes:read', { exact: true }).count()).toBe(1);
      expect(await row.getByText('analytics:read', { exact: true }).count()).toBe(1);
      expect(await page.content()).not.toContain(key);
      await row.getByText(/Never used/).waitFor();
      expect((await callWithKey(key)).status).toBe(200);
      for (let attempt = 0; attempt < 20 && !(await row.getByText(/Last used/).count()); attempt++) {
        await page.reload();
        await row.first().waitFor();
      }
      await row.getByText(/Last used/).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await row.first().scrollIntoViewIfNeeded();
      await screenshot(page, `developers-list-${viewport.width}`);

      // Revoke, confirmed: the next call with the key is refused.
      await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
      await confirm.getByText(`"Nightly export" (${key.slice(0, 17)}…) stops working at once.`, { exact: false }).waitFor();
      await settled(page);
      await screenshot(page, `developers-revoke-${viewport.width}`);
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await chrome.waitForToast('Key revoked');
      await row.getByText('Revoked', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      expect((await callWithKey(key)).status).toBe(401);
    });
  }
});
