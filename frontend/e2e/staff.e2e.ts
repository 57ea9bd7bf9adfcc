// Issue 18: the staff console at /admin, as staff would use it. An admin finds a code's full change history by
// searching its owner and reads the diff of a destination change; disables a user whose open session is refused on its
// next request (and whose sign-in is refused with a message); support suspends a code and /d/ answers the disabled
// page, and sees no role, account or blocklist controls; a plain user is sent to /. Screens at 1280 and 375 px.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from 'playwright-core';
import { StaffConsole } from './pages/StaffConsole';
import { seriousAxeViolations } from './support/axe';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { STAFF_ADMIN_EMAIL } from './support/stack';
import { signIn, STAFF_PASSWORD as PASSWORD } from './support/staff';
import { until } from './support/until';

const session = browserForFile();

async function createCode(request: APIRequestContext, destination: string): Promise<{ id: string; shortCode: string }> {
  const created = await request.post('/api/dynamic-qrcodes', { multipart: { qrType: 'url', destination } });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; shortCode: string };
}

/** What /d/ answers, once the redirect's read model has the code (a create does not wait for it). */
async function expectScan(request: APIRequestContext, shortCode: string, status: number): Promise<void> {
  let last = 0;
  const answered = async () => (last = (await request.get(`/d/${shortCode}`, { maxRedirects: 0 })).status()) === status;
  await until(answered, `/d/${shortCode} answering ${status}`, 10_000).catch(() => undefined);
  expect(last).toBe(status);
}

async function capture(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** The staff console's lists follow the audit projection: wait until it shows what the API just did. */
async function waitForAudit(request: APIRequestContext, filter: Record<string, unknown>, count: number): Promise<void> {
  const url = `/api/admin/events?filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const shown = async () => ((await (await request.get(url)).json()) as unknown[]).length >= count;
  await until(shown, `${count} audit rows`, 10_000).catch(() => {
    throw new Error(`the audit log did not show ${count} rows for ${JSON.stringify(filter)}`);
  });
}

describe('the staff console (/admin)', () => {
  it("an admin finds a code's change history by searching its owner and reads the diff of a destination change (1280 px)", async () => {
    const owner = await session.newPage(DESKTOP);
    const ownerEmail = uniqueEmail('menu-owner');
    const ownerId = await signIn(owner.page, ownerEmail);
    const code = await createCode(owner.page.request, 'https://cafe.example/menu-a');
    const changed = await owner.page.request.put(`/api/dynamic-qrcodes/${code.id}`, {
      data: { destination: 'https://cafe.example/menu-b' },
    });
    expect(changed.status()).toBe(200);

    const { page } = await session.newPage(DESKTOP);
    await signIn(page, STAFF_ADMIN_EMAIL);
    await waitForAudit(page.request, { qrId: code.id }, 2);
    const staff = new StaffConsole(page);
    await staff.open();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await capture(page, 'admin-home');

    await staff.go('Users');
    await staff.search(ownerEmail);
    await staff.row(ownerEmail).click();
    await page.waitForURL(`**/admin/users/${ownerId}/show`);
    // Support and admins alike see the account; an admin also sees its controls.
    await staff.button('Grant support').waitFor();
    await staff.tableRow('Codes', 'cafe.example/menu-a').click();
    await page.waitForURL(`**/admin/codes/${code.id}/show`);
    // The code's history: created, then the destination change, newest first.
    const destinationRow = staff.tableRow('Timeline', 'changed the destination of');
    await destinationRow.waitFor();
    // Exactly two rows (the list may render again while it refetches: wait for the state, do not sample it).
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Timeline"] tbody tr').length === 2);
    await capture(page, 'admin-code-history');

    await destinationRow.click();
    await page
      .getByText(
        `${ownerEmail} changed the destination of cafe.example/menu-a from https://cafe.example/menu-a to https://cafe.example/menu-b`,
      )
      .waitFor();
    expect(await staff.changes()).toEqual([['destination', 'https://cafe.example/menu-a', 'https://cafe.example/menu-b']]);
    await page.getByText(`qr-${code.id}`).waitFor();
    await capture(page, 'admin-event');
  });

  it("the audit log's Export CSV downloads the list's current view: its header row and exactly the filtered rows", async () => {
    const owner = await session.newPage(DESKTOP);
    const ownerEmail = uniqueEmail('csv-owner');
    const ownerId = await signIn(owner.page, ownerEmail);
    const code = await createCode(owner.page.request, 'https://csv.example/one');
    expect(
      (await owner.page.request.put(`/api/dynamic-qrcodes/${code.id}`, { data: { destination: 'https://csv.example/two' } })).status(),
    ).toBe(200);
    // Someone else's change, which the filter must leave out.
    const other = await session.newPage(DESKTOP);
    await signIn(other.page, uniqueEmail('csv-other'));
    await createCode(other.page.request, 'https://csv.example/other');

    const { page } = await session.newPage(DESKTOP);
    await signIn(page, STAFF_ADMIN_EMAIL);
    await waitForAudit(page.request, { qrId: code.id }, 2);
    const staff = new StaffConsole(page);
    await staff.open();
    await staff.go('Audit log');
    await staff.search(ownerEmail);
    await staff.row('changed the destination of').waitFor();
    // The list has answered the search (every row is the owner's) before Export reads its filter: the other person's
    // newer rows are on show until it has (a clean-clone run on a loaded machine exported them).
    await until(async () => {
      const rows = await page.locator('tbody tr').allInnerTexts();
      return rows.length >= 2 && rows.every((text) => text.includes(ownerEmail) || text.includes(ownerId));
    }, "the audit log's list filtered to the owner");
    const [download] = await Promise.all([page.waitForEvent('download'), staff.button('Export CSV').click()]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const path = await download.path();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('occurredAt,actorEmail,actorId,type,summary,streamId,revision,clientId,id');
    const rows = lines.slice(1).map((line) => line.split(','));
    // The same rows as the list's filter answers through the API, newest first: only the owner's doings.
    const listed = (await (
      await page.request.get(`/api/admin/events?filter=${encodeURIComponent(JSON.stringify({ q: ownerEmail }))}&range=[0,99]`)
    ).json()) as { id: string }[];
    expect(rows.map((cells) => cells[cells.length - 1])).toEqual(listed.map((row) => row.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Each row is the owner's doing (or names them, as their sign-up's sentence does).
    for (const line of lines.slice(1)) expect(line.includes(ownerEmail) || line.includes(ownerId)).toBe(true);
    expect(rows.map((cells) => cells[3])).toEqual(expect.arrayContaining(['QrCreated', 'QrDestinationChanged']));
  });

  it("the audit log's User filter finds a person by the start of their email and lists only their changes (1280 and 375 px)", async () => {
    const owner = await session.newPage(DESKTOP);
    const ownerEmail = uniqueEmail('filter-owner');
    const ownerId = await signIn(owner.page, ownerEmail);
    await createCode(owner.page.request, 'https://filter.example/menu');
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await session.newPage(viewport);
      await signIn(page, STAFF_ADMIN_EMAIL);
      await waitForAudit(page.request, { userId: ownerId }, 2);
      await page.goto('/admin/events');
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menu').getByText('User', { exact: true }).click();
      const users = page.waitForResponse((res) => res.url().includes('/api/admin/users?') && res.url().includes('filter-owner'));
      await page.getByRole('combobox', { name: 'User' }).fill(ownerEmail.slice(0, 'filter-owner-1'.length + 6));
      // It asked the server a question the server answers (it was 400 and "No options"), and offers the person.
      expect((await users).status()).toBe(200);
      await page.getByRole('option', { name: ownerEmail }).click();
      await page.waitForURL((url) => decodeURIComponent(url.search).includes(ownerId));
      await page.getByText('created the dynamic Website URL code filter.example/menu').waitFor();
      expect(await page.getByText('No options').count()).toBe(0);
      await capture(page, 'admin-audit-user-filter');
    }
  });

  it('an admin disables a user: their open session is refused on its next request and sign-in says why', async () => {
    const victim = await session.newPage(DESKTOP);
    const victimEmail = uniqueEmail('to-disable');
    const victimId = await signIn(victim.page, victimEmail);
    expect((await victim.page.request.get('/api/user')).status()).toBe(200);

    const { page } = await session.newPage(DESKTOP);
    await signIn(page, STAFF_ADMIN_EMAIL);
    await waitForAudit(page.request, { userId: victimId }, 1);
    const staff = new StaffConsole(page);
    await page.goto(`/admin/users/${victimId}/show`);
    await staff.button('Disable account').click();
    await staff.giveReason('Sending phishing links', 'Disable account');
    await page.getByText('This account is disabled: it cannot sign in.').waitFor();
    await capture(page, 'admin-user-disabled');

    expect((await victim.page.request.get('/api/user')).status()).toBe(401);
    const again = await victim.page.request.post('/api/login', { data: { username: victimEmail, password: PASSWORD } });
    expect(again.status()).toBe(403);
    expect(((await again.json()) as { message: string }).message).toBe('This account has been disabled. Please contact support.');
  });

  it(
    'support suspends a code and /d/ answers the disabled page; support sees no role, account or blocklist controls ' + '(375 px)',
    async () => {
      const owner = await session.newPage(MOBILE);
      await signIn(owner.page, uniqueEmail('phish-owner'));
      const code = await createCode(owner.page.request, 'https://login.bank-lookalike.example/');
      await expectScan(owner.page.request, code.shortCode, 302);

      const admin = await session.newPage(DESKTOP);
      await signIn(admin.page, STAFF_ADMIN_EMAIL);
      const { page } = await session.newPage(MOBILE);
      const supportId = await signIn(page, uniqueEmail('support'));
      expect((await admin.page.request.post(`/api/admin/users/${supportId}/roles/support`)).status()).toBe(201);
      await waitForAudit(page.request, { qrId: code.id }, 1);

      const staff = new StaffConsole(page);
      await staff.open();
      await capture(page, 'admin-home-support');
      await page.goto(`/admin/codes/${code.id}/show`);
      await staff.button('Suspend code').click();
      await staff.giveReason('Reported phishing', 'Suspend code');
      await page.getByText('Suspended: Reported phishing').waitFor();
      await capture(page, 'admin-code-suspended');

      const scan = await page.request.get(`/d/${code.shortCode}`, { maxRedirects: 0 });
      expect(scan.status()).toBe(410);
      const visitor = await session.newPage(MOBILE);
      await visitor.page.goto(`/d/${code.shortCode}`);
      await visitor.page.getByRole('heading', { name: 'This QR code has been disabled' }).waitFor();
      await screenshot(visitor.page, 'admin-disabled-page-375');
      // The owner's dashboard says why, and resuming is not offered.
      await owner.page.goto('/dashboard');
      await owner.page.getByTestId('suspension-reason').getByText('Suspended by our staff: Reported phishing', { exact: false }).waitFor();
      await screenshot(owner.page, 'admin-owner-sees-suspension-375');

      // No controls support may not use: roles and accounts on a user's page, blocking on the blocklist.
      await page.goto(`/admin/users/${supportId}/show`);
      await page.getByText('Subscription').first().waitFor();
      for (const name of ['Grant support', 'Grant admin', 'Revoke support', 'Disable account'])
        expect(await staff.button(name).count()).toBe(0);
      await page.goto('/admin/blocked-domains');
      await page.getByText('Blocked domains').first().waitFor();
      expect(await page.getByRole('link', { name: 'Block a domain' }).count()).toBe(0);
      await capture(page, 'admin-blocklist-support');
    },
  );

  it('a signed-in user who is not staff, and a visitor, are sent to / from /admin', async () => {
    const { page } = await session.newPage(DESKTOP);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, uniqueEmail('not-staff'));
    await page.goto('/admin/users');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  });
});
