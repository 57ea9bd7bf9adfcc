// Issue 32: the staff console's erasure on request. An admin of the default brand erases a contact-form sender by the
// address the person gives: a confirm dialog first (Cancel changes nothing), then the toast says how many messages; the
// same address again is the server's "nothing left" message, as is a payer who paid nothing. Screens at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';
import { dismissToast } from './support/toasts';

const session = browserForFile();
const NO_CONTACT_SENDER = 'No contact message was sent from this address (or its data was erased already)';
const NO_PAYER = 'No payment names this address (or its data was erased already)';

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

describe('the staff console: privacy requests', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`erases a contact-form sender after a confirmation; nothing left is said (${viewport.width} px)`, async () => {
      const { page } = await session.newPage(viewport);
      const sender = uniqueEmail(`sender-${viewport.width}`);
      const sent = await page.request.post('/api/contact', {
        data: { name: 'Sandy Shark', email: sender, subject: 'Please forget me', message: 'Erase what I wrote to you, please.' },
      });
      expect(sent.status()).toBe(200);
      await signIn(page, STAFF_ADMIN_EMAIL);
      const chrome = new SiteChrome(page);
      if (viewport === DESKTOP) {
        await page.goto('/admin');
        await page.getByRole('menuitem', { name: 'Privacy requests' }).click();
      } else {
        await page.goto('/admin/privacy');
      }
      await page.getByRole('heading', { name: 'Privacy requests', level: 1 }).waitFor();
      const senders = page.getByRole('region', { name: 'Erase a contact-form sender' });
      const erase = senders.getByRole('button', { name: 'Erase sender' });
      expect(await erase.isDisabled()).toBe(true);
      await senders.getByLabel('Email address').fill(sender);
      await erase.click();
      const dialog = page.getByRole('dialog', { name: 'Erase a contact-form sender?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`${sender} and the name, subject and message of every contact message sent from it`);
      await capture(page, 'admin-privacy-confirm');
      // Cancel: nothing is asked of the server.
      let asked = false;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/admin/erasures/')) asked = true;
      });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(asked).toBe(false);

      await erase.click();
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/erasures/contact-senders');
      await dialog.getByRole('button', { name: 'Erase sender' }).click();
      expect((await answered).status()).toBe(201);
      expect(await chrome.waitForToast('Erased')).toContain('1 contact message was erased.');
      expect(await senders.getByLabel('Email address').inputValue()).toBe('');
      await capture(page, 'admin-privacy-erased');
      await dismissToast(page);

      // The same address again, and a payer who paid nothing: the server's words.
      await senders.getByLabel('Email address').fill(sender);
      await erase.click();
      await dialog.getByRole('button', { name: 'Erase sender' }).click();
      expect(await chrome.waitForToast('Error')).toContain(NO_CONTACT_SENDER);
      await dismissToast(page);
      const payers = page.getByRole('region', { name: 'Erase a payer' });
      await payers.getByLabel('Email address').fill(uniqueEmail('never-paid'));
      await payers.getByRole('button', { name: 'Erase payer' }).click();
      await page.getByRole('dialog', { name: 'Erase a payer?' }).getByRole('button', { name: 'Erase payer' }).click();
      expect(await chrome.waitForToast('Error')).toContain(NO_PAYER);
    });
  }
});
