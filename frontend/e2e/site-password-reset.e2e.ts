// 'Forgot my password' end to end: the auth page's link, the request, the mail (read from the stack's outbox), the
// reset page, and what the reset does: the new password signs in, the old session ends, the link works once.
// Needs: POST /api/register, /api/forgot-password, /api/reset-password, /api/login, GET /api/user; the mail worker.
import { AuthPage } from './pages/AuthPage';
import { SiteChrome } from './pages/SiteChrome';
import { browserForFile, DESKTOP, MOBILE, screenshot, uniqueEmail } from './support/browser';
import { waitForMail } from './support/outbox';
import { until } from './support/until';

const session = browserForFile();

describe('password reset', () => {
  test('ask for a link at 375 px, set the new password from the mail at 1280 px; the link works once', async () => {
    const email = uniqueEmail('forgetful');
    // A session on another device: setting the new password must end it.
    const { page: other } = await session.newPage(DESKTOP);
    const registered = await other.request.post('/api/register', { data: { email, password: 'old-password-1' } });
    expect(registered.status()).toBe(200);
    expect((await other.request.get('/api/user')).status()).toBe(200);

    const { page } = await session.newPage(MOBILE);
    const auth = await new AuthPage(page).open();
    await auth.email.fill(email);
    await page.getByRole('link', { name: 'Forgot my password' }).click();
    await page.getByRole('heading', { name: 'Forgot my password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await page.getByTestId('reset-sent').innerText();
    expect(sent).toContain('If an account exists for this address');
    await screenshot(page, 'password-reset-requested-375');

    const mail = await waitForMail(email, 'Reset your QR Code Sharks password');
    const link = /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[A-Za-z0-9_.%-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(session.baseUrl);

    const { page: desk } = await session.newPage(DESKTOP);
    const resetPath = new URL(link!).pathname + new URL(link!).search;
    await desk.goto(resetPath);
    await desk.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await desk.getByLabel('New password', { exact: true }).fill('new-password-2');
    await desk.getByLabel('Confirm new password').fill('new-password-3');
    await desk.getByRole('button', { name: 'Set new password' }).click();
    await desk.getByText("Passwords don't match", { exact: true }).waitFor();
    await screenshot(desk, 'password-reset-form-1280');
    await desk.getByLabel('Confirm new password').fill('new-password-2');
    await desk.getByRole('button', { name: 'Set new password' }).click();
    expect(await new SiteChrome(desk).waitForToast('Password reset')).toContain('You can sign in with your new password.');
    await desk.waitForURL((url) => url.pathname === '/auth');

    // The old session is over (once the users read model has the change); the new password signs in.
    const over = async () => (await other.request.get('/api/user')).status() === 401;
    await until(over, 'the old session to be over', 10_000, 50).catch(() => undefined);
    expect((await other.request.get('/api/user')).status()).toBe(401);
    const signIn = new AuthPage(desk);
    await signIn.signIn(email, 'new-password-2');
    expect(await new SiteChrome(desk).waitForToast('Login successful')).toContain(`Welcome back, ${email}!`);

    // The same link again: refused, with a way to ask for a new one.
    const { page: again } = await session.newPage(MOBILE);
    await again.goto(resetPath);
    await again.getByLabel('New password', { exact: true }).fill('third-password-3');
    await again.getByLabel('Confirm new password').fill('third-password-3');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await again.getByRole('alert').filter({ hasText: 'This password reset link has already been used.' }).waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await screenshot(again, 'password-reset-used-375');
  });
});
