// Issue 22: the admin panel's newsletter manager in the staff console. Three addresses sign up and confirm from their
// confirmation mails (one through the page the link opens); an admin is told 'Missing Information' for blank fields,
// sends a test newsletter (to themselves alone) and the newsletter, and watches each progress bar reach its recipient
// count; the campaigns list shows the figures. Screens at 1280 and 375 px.
import type { Page } from 'playwright-core';
import { SiteChrome } from './pages/SiteChrome';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { waitForMail } from './support/outbox';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn } from './support/staff';

const session = browserForFile();
const CONFIRM_SUBJECT = 'Confirm your subscription to QR Code Sharks Shark Tips';

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** The campaign's figures line once it reads "n of n sent · 0 queued": the bar is full. */
async function waitUntilSent(page: Page, campaign: string): Promise<number> {
  const figures = page.getByTestId(`campaign-${campaign}`).getByTestId('campaign-figures');
  await page.waitForFunction(
    (id) =>
      /^(\d+) of \1 sent · 0 queued/.test(
        document.querySelector(`[data-testid="campaign-${id}"] [data-testid="campaign-figures"]`)?.textContent ?? '',
      ),
    campaign,
    { timeout: 30_000 },
  );
  const text = (await figures.innerText()).trim();
  const bar = page.getByTestId(`campaign-${campaign}`).getByRole('progressbar');
  expect(await bar.getAttribute('aria-valuenow')).toBe('100');
  return Number(/^(\d+)/.exec(text)![1]);
}

describe('the newsletter manager (/admin/newsletter)', () => {
  it('subscribers confirm; an admin sends a test and a newsletter and watches the progress reach the recipient count', async () => {
    const visitor = await session.newPage(DESKTOP);
    const subscribers = [uniqueEmail('tips-a'), uniqueEmail('tips-b'), uniqueEmail('tips-c')];
    const unconfirmed = uniqueEmail('tips-unconfirmed');
    for (const email of [...subscribers, unconfirmed])
      expect((await visitor.page.request.post('/api/newsletter-signup', { data: { email } })).status()).toBe(200);
    for (const [index, email] of subscribers.entries()) {
      const mail = await waitForMail(email, CONFIRM_SUBJECT);
      const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w.%-]+/.exec(mail)![0];
      const path = new URL(link).pathname + new URL(link).search;
      if (index === 0) {
        await visitor.page.goto(path);
        await visitor.page.getByText('Your subscription is confirmed. Welcome to the pack!').waitFor();
      } else {
        const token = new URL(link).searchParams.get('token');
        expect((await visitor.page.request.post('/api/newsletter/confirm', { data: { token } })).status()).toBe(200);
      }
    }

    const { page } = await session.newPage(DESKTOP);
    await signIn(page, STAFF_ADMIN_EMAIL);
    await page.goto('/admin/newsletter');
    await page.getByRole('heading', { name: 'Newsletter Manager', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByTestId('stat-totalUsers').filter({ hasText: /^\d+$/ }).waitFor();
    const chrome = new SiteChrome(page);

    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    expect(await chrome.waitForToast('Missing Information')).toContain('Please provide both subject and content for the newsletter.');

    const subject = `Shark Tips ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Content' }).fill('Put a QR code on your menu.\n\nMeasure the scans.');
    await page.getByLabel('Include platform stats').check();
    expect(await page.getByRole('textbox', { name: 'Content' }).getAttribute('rows')).toBe('15');

    const test = page.waitForResponse((res) => res.url().endsWith('/api/send-newsletter'));
    await page.getByRole('button', { name: 'Send Test' }).click();
    const testCampaign = (await (await test).json()) as { campaignId: string; recipientCount: number };
    expect(await chrome.waitForToast('Newsletter Sent!')).toContain(`Test newsletter sent to ${STAFF_ADMIN_EMAIL}.`);
    expect(await waitUntilSent(page, testCampaign.campaignId)).toBe(1);
    expect(await waitForMail(STAFF_ADMIN_EMAIL, subject)).toContain('Measure the scans.');

    // Send Newsletter asks first, with the number of confirmed subscribers it would reach (issue 30 item 6).
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/send-newsletter')) sends.push(request.url());
    });
    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await dialog.waitFor();
    const { recipientCount } = (await (await page.request.get('/api/newsletter/recipients')).json()) as { recipientCount: number };
    expect(recipientCount).toBeGreaterThanOrEqual(subscribers.length);
    const confirmText = `Send to ${recipientCount} confirmed subscribers`;
    expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain(`“${subject}” goes to ${recipientCount} confirmed subscribers now.`);
    await capture(page, 'admin-newsletter-confirm');
    // A double click on the confirmation sends one newsletter.
    const sent = page.waitForResponse((res) => res.url().endsWith('/api/send-newsletter'));
    await dialog.getByRole('button', { name: confirmText }).dblclick();
    const campaign = (await (await sent).json()) as { campaignId: string; recipientCount: number };
    expect(campaign.recipientCount).toBe(recipientCount);
    expect(await chrome.waitForToast('Newsletter Sent!')).toContain(`Newsletter sent to ${campaign.recipientCount} confirmed subscribers.`);
    expect(await waitUntilSent(page, campaign.campaignId)).toBe(campaign.recipientCount);
    // One request left, one campaign started; the form is empty again, so a second click has nothing to send.
    expect(sends).toHaveLength(1);
    const started = (await (await page.request.get('/api/admin/campaigns?range=[0,99]')).json()) as { subject: string; kind: string }[];
    expect(started.filter((row) => row.subject === subject && row.kind === 'newsletter')).toHaveLength(1);
    expect(await page.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Content' }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    expect(await chrome.waitForToast('Missing Information')).toContain('Please provide both subject and content for the newsletter.');
    expect(sends).toHaveLength(1);
    for (const email of subscribers) {
      const mail = await waitForMail(email, subject);
      expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    }
    await page.getByRole('heading', { name: 'Progress' }).scrollIntoViewIfNeeded();
    await capture(page, 'admin-newsletter-progress');

    await page.getByRole('link', { name: 'All campaigns' }).click();
    await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr').filter({ hasText: subject }).first().waitFor();
    await capture(page, 'admin-campaigns');
  });

  it('an owner turns the paused-codes reminder off in account settings and it stays off (375 px)', async () => {
    const { page } = await session.newPage(MOBILE);
    await signIn(page, uniqueEmail('quiet-owner'));
    await page.goto('/account-settings');
    const reminder = page.getByLabel('Reminders about my paused QR codes');
    await reminder.waitFor({ timeout: 30_000 });
    // The switches are disabled until the preferences have loaded.
    await page.waitForFunction(() => !document.querySelector('input[type="checkbox"][disabled]'));
    expect(await reminder.isChecked()).toBe(true);
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/account/notification-preferences') && res.request().method() === 'PUT',
    );
    await reminder.click();
    expect((await (await saved).json()) as unknown).toEqual({ scanNotifications: true, pauseNotifications: false });
    await page.reload();
    await page.getByLabel('Reminders about my paused QR codes').waitFor();
    await page.waitForFunction(() => !document.querySelector('input[type="checkbox"][disabled]'));
    expect(await page.getByLabel('Reminders about my paused QR codes').isChecked()).toBe(false);
    expect(await page.getByLabel('Weekly scan report of my dynamic QR codes').isChecked()).toBe(true);
    // The whole page passes axe (its Edit and Activate Free Trial buttons were 3.7:1 in the brand's #3B82F6).
    await page.getByRole('heading', { name: 'Email notifications' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-notifications-375');
  });

  it('the manager at 375 px', async () => {
    const { page } = await session.newPage(MOBILE);
    await signIn(page, STAFF_ADMIN_EMAIL);
    await page.goto('/admin/newsletter');
    await page.getByRole('heading', { name: 'Newsletter Manager', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByTestId('stat-totalUsers').filter({ hasText: /^\d+$/ }).waitFor();
    await capture(page, 'admin-newsletter');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Shark Tips on the phone');
    await page.getByRole('textbox', { name: 'Content' }).fill('Short and sharp.');
    await page.getByRole('button', { name: 'Send Newsletter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this newsletter?' });
    await dialog.getByRole('button', { name: /^Send to \d+ confirmed subscribers?$/ }).waitFor();
    await capture(page, 'admin-newsletter-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
