// The staff console's browser tests share one stack, and its fixed admin (STAFF_ADMIN_EMAIL, made admin by ADMIN_EMAILS)
// is registered by whichever test file signs in first: every file signs people in here, with one password.
import type { Page } from 'playwright-core';
import { waitForMail } from './outbox';
import { STAFF_ADMIN_EMAIL } from './stack';
import { until } from './until';

export const STAFF_PASSWORD = 'staff-console-password-9';

/** Registers `email` in this page's context or, when it exists (the fixed admin), signs in again; answers the user's id. */
export async function signIn(page: Page, email: string): Promise<string> {
  let registered = await page.request.post('/api/register', { data: { email, password: STAFF_PASSWORD } });
  // A 503 says "again in a moment" (the shared test database can run out of connections while other suites run).
  const answered = async () =>
    registered.status() !== 503 ||
    (registered = await page.request.post('/api/register', { data: { email, password: STAFF_PASSWORD } })).status() !== 503;
  await until(answered, 'a register answer other than 503', 5_000, 1000).catch(() => undefined);
  if (!registered.ok())
    expect((await page.request.post('/api/login', { data: { username: email, password: STAFF_PASSWORD } })).status()).toBe(200);
  if (email === STAFF_ADMIN_EMAIL) await becomeAdmin(page, registered.ok());
  return ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
}

/**
 * ADMIN_EMAILS makes an admin only of a verified address (issue 27): whoever registered the fixed admin opens the
 * welcome mail's link; every file then waits until the session shows the role (another file may be the one verifying).
 */
async function becomeAdmin(page: Page, registeredHere: boolean): Promise<void> {
  if (registeredHere) {
    const welcome = await waitForMail(STAFF_ADMIN_EMAIL, 'Welcome to QR Code Sharks!');
    const link = /\/auth\/verify-email\?token=([A-Za-z0-9_.%-]+)/.exec(welcome);
    if (!link) throw new Error("The fixed admin's welcome mail has no verification link.");
    const verified = await page.request.post('/api/verify-email', { data: { token: decodeURIComponent(link[1]) } });
    expect(verified.status()).toBe(200);
  }
  const admin = async () => ((await (await page.request.get('/api/user')).json()) as { roles?: string[] }).roles?.includes('admin');
  await until(admin, `${STAFF_ADMIN_EMAIL} becoming admin`, 20_000).catch(() => {
    throw new Error(`${STAFF_ADMIN_EMAIL} did not become admin within 20 s of verifying the address.`);
  });
}
