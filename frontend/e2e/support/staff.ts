// The staff console's browser tests share one stack, and its fixed admin (STAFF_ADMIN_EMAIL, made admin by ADMIN_EMAILS)
// is registered by whichever test file signs in first: every file signs people in here, with one password.
import type { Page } from 'playwright-core';

export const STAFF_PASSWORD = 'staff-console-password-9';

/** Registers `email` in this page's context or, when it exists (the fixed admin), signs in again; answers the user's id. */
export async function signIn(page: Page, email: string): Promise<string> {
  let registered = await page.request.post('/api/register', { data: { email, password: STAFF_PASSWORD } });
  // A 503 says "again in a moment" (the shared test database can run out of connections while other suites run).
  for (let attempt = 0; registered.status() === 503 && attempt < 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    registered = await page.request.post('/api/register', { data: { email, password: STAFF_PASSWORD } });
  }
  if (!registered.ok())
    expect((await page.request.post('/api/login', { data: { username: email, password: STAFF_PASSWORD } })).status()).toBe(200);
  return ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
}
