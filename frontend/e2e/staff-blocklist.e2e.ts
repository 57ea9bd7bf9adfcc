// Issue 30 item 6: a domain on the staff's blocklist is refused in a static code as in a dynamic one, and the person
// reads the server's reason in the generator and in the dashboard (both said "There was a problem saving your QR code").
// Screens at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { DashboardPage } from './pages/DashboardPage';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';
import { dismissToast } from './support/toasts';

const session = browserForFile();
const BLOCKED = 'URL points to a blocked domain: this destination was reported for abuse';

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('the destination blocklist in static codes', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`the generator and the dashboard show the server's reason for a blocked domain (${viewport.width} px)`, async () => {
      const domain = `phish-${viewport.width}-${Date.now()}.example`;
      const { page } = await session.newPage(viewport);
      await signIn(page, uniqueEmail('blocked-owner'));
      // A static code made before the domain was reported.
      const earlier = await page.request.post('/api/qrcodes', {
        multipart: { qrType: 'url', url: `https://shop.${domain}/`, qrMode: 'static' },
      });
      expect(earlier.status()).toBe(201);
      const admin = await session.newPage(DESKTOP);
      await signIn(admin.page, STAFF_ADMIN_EMAIL);
      expect(
        (await admin.page.request.post('/api/admin/blocked-domains', { data: { domain, reason: 'Reported phishing' } })).status(),
      ).toBe(201);

      const chrome = new SiteChrome(page);
      await page.goto('/?create=true');
      const card = page.getByRole('region', { name: 'Generate Your QR Code' });
      await card.getByLabel('Website URL').first().fill(`https://login.${domain}/bank`);
      // The live preview of the typed address first (downloads enabled); the refused save then takes it away.
      const downloadDisabled = (disabled: boolean) =>
        page.waitForFunction(
          (want) => [...document.querySelectorAll('button')].find((button) => button.textContent === 'Download PNG')?.disabled === want,
          disabled,
        );
      await downloadDisabled(false);
      const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/qrcodes' && res.request().method() === 'POST');
      await card.getByRole('button', { name: 'Generate QR Code' }).click();
      expect((await refused).status()).toBe(400);
      expect(await chrome.waitForToast('Error')).toContain(BLOCKED);
      await downloadDisabled(true);
      await capture(page, 'generator-blocked-domain');
      await dismissToast(page);

      const dashboard = new DashboardPage(page);
      await page.goto('/dashboard');
      await dashboard.waitForTitles([`shop.${domain}`]);
      await dashboard.more(dashboard.cards.first(), 'Duplicate');
      expect(await chrome.waitForToast('Error')).toContain(BLOCKED);
      await capture(page, 'dashboard-blocked-domain');
      expect(((await (await page.request.get('/api/qrcodes')).json()) as unknown[]).length).toBe(1);
    });
  }
});
