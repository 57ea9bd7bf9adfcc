// Issue 27, item 1: addresses are verified by a mailed link, and Google sign-in joins an existing account only when its
// address is verified; otherwise Google's word verifies it, the unproven password goes and every other session ends.
import { DataSource } from 'typeorm';
import { signVerificationToken } from './email-verification-token';
import { FakeGoogle, roundTrip } from '../../test-support/fake-google';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { TestSmtpServer } from '../../test-support/smtp-server';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { until } from '../../test-support/until';

const ORIGIN = 'http://sharks.test:3000';
const linkIn = (text: string | undefined) => {
  const found = /http:\/\/sharks\.test:3000\/auth\/verify-email\?token=([^\s"]+)/.exec(text ?? '');
  if (!found) throw new Error(`no verification link in: ${text}`);
  return { url: found[0], token: decodeURIComponent(found[1]) };
};

describe('email verification and Google sign-in into existing accounts (issue 27, item 1)', () => {
  const smtp = new TestSmtpServer();
  let google: FakeGoogle;
  let app: TestApp;

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    google = await FakeGoogle.start();
    app = await startTestApp({
      SMTP_URL: smtpUrl,
      BASE_DOMAIN: 'sharks.test',
      PUBLIC_ORIGIN: ORIGIN,
      ADMIN_EMAILS: 'boss@example.com',
      ...google.settings,
    });
  });
  afterAll(async () => {
    await app?.close();
    await google?.stop();
    await smtp.close();
  });

  const sessionsOf = async (userId: string) =>
    (
      (await app.app.get(DataSource).query(`SELECT count(*)::int AS n FROM user_sessions WHERE sess->>'userId' = $1`, [userId])) as {
        n: number;
      }[]
    )[0].n;

  it('the pre-hijack: an attacker registers the victim’s address with a password; the victim’s Google sign-in takes it back', async () => {
    // The attacker registers victim@gmail.com with a password of their own and stays signed in.
    const attacker = new TestClient(app.url);
    const registered = await signUp(attacker, 'victim@gmail.com', 'attacker-password-1');
    expect((await attacker.get('/api/user')).body).toMatchObject({ id: registered.id, emailVerified: false });
    const attackerElsewhere = new TestClient(app.url);
    expect((await attackerElsewhere.post('/api/login', { username: 'victim@gmail.com', password: 'attacker-password-1' })).status).toBe(
      200,
    );

    // Later, the victim signs in with Google, which vouches for the address.
    google.nextUser({ sub: 'g-victim', email: 'Victim@gmail.com', email_verified: true, given_name: 'Vic' });
    const victim = new TestClient(app.url);
    expect((await roundTrip(victim)).done.headers.location).toBe('/');
    const me = await victim.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: registered.id, googleId: 'g-victim' });

    // The attacker is out: both sessions end, and the password they chose no longer signs in.
    expect((await attacker.get('/api/user')).status).toBe(401);
    expect((await attackerElsewhere.get('/api/user')).status).toBe(401);
    const again = await new TestClient(app.url).post('/api/login', { username: 'victim@gmail.com', password: 'attacker-password-1' });
    expect(again.status).toBe(401);
    expect((await victim.get('/api/user')).body.emailVerified).toBe(true);
    expect(await sessionsOf(registered.id)).toBe(1);
    const types = (await testEvents(app.app).store.readStream(`user-${registered.id}`)).map((event) => event.type);
    expect(types.slice(-3)).toEqual(['UserSignedInWithGoogle', 'EmailVerified', 'PasswordRemoved']);

    // The account is mailed what happened, and the holder of the address can set a password of their own.
    const removed = (await smtp.waitFor('victim@gmail.com', 2)).find((mail) => /password was removed/.test(mail.parsed.subject ?? ''))!;
    expect(removed.parsed.subject).toBe('Google sign-in was linked to your QR Code Sharks account and its password was removed');
    expect(removed.parsed.text).toContain('signed out every other device');
    expect(removed.parsed.text).toContain(`${ORIGIN}/auth/forgot-password`);
    // What the victim creates now is theirs alone: the attacker cannot get back in through the old welcome link either.
    const welcome = smtp.to('victim@gmail.com').find((mail) => mail.parsed.subject === 'Welcome to QR Code Sharks!')!;
    const stale = await new TestClient(app.url).post('/api/verify-email', { token: linkIn(welcome.parsed.text).token });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Your email address is already verified.');
  });

  it('a verified account is joined by Google as it is: the password and the other sessions stay; the account is mailed', async () => {
    const owner = new TestClient(app.url);
    const user = await signUp(owner, 'careful@example.com', 'owner-password-1');
    const [welcome] = await smtp.waitFor(user.email);
    const verified = await new TestClient(app.url).post('/api/verify-email', { token: linkIn(welcome.parsed.text).token });
    expect(verified.status).toBe(200);

    google.nextUser({ sub: 'g-careful', email: 'careful@example.com', email_verified: true });
    const viaGoogle = new TestClient(app.url);
    expect((await roundTrip(viaGoogle)).done.headers.location).toBe('/');
    expect((await viaGoogle.get('/api/user')).body).toMatchObject({ id: user.id, googleId: 'g-careful', emailVerified: true });
    expect((await owner.get('/api/user')).status).toBe(200);
    expect((await new TestClient(app.url).post('/api/login', { username: user.email, password: 'owner-password-1' })).status).toBe(200);
    const [, added] = await smtp.waitFor(user.email, 2);
    expect(added.parsed.subject).toBe('Google sign-in was added to your QR Code Sharks account');
    expect(added.parsed.text).toContain('Signing in with Google was just added');
  });

  it('Google never joins an account whose username is the address but whose address is another', async () => {
    const squatter = new TestClient(app.url);
    const res = await squatter.post('/api/register', {
      username: 'someone@gmail.com',
      email: 'squatter@example.com',
      password: 'squat-password-1',
      confirmPassword: 'squat-password-1',
    });
    expect(res.status).toBe(200);
    google.nextUser({ sub: 'g-someone', email: 'someone@gmail.com', email_verified: true });
    const someone = new TestClient(app.url);
    expect((await roundTrip(someone)).done.headers.location).toBe(`/auth?error=${encodeURIComponent('Username already exists')}`);
    expect((await someone.get('/api/user')).status).toBe(401);
    expect((await squatter.get('/api/user')).status).toBe(200);
  });

  it('the welcome mail’s link verifies once; tampered, replayed and superseded links answer 400 and change nothing', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client, 'verify-me@example.com');
    expect((await client.get('/api/user')).body.emailVerified).toBe(false);
    const [welcome] = await smtp.waitFor(user.email);
    const first = linkIn(welcome.parsed.text);
    expect(welcome.parsed.html).toContain(first.url.replace(/&/g, '&amp;'));
    expect(welcome.parsed.text).toContain('The link works once, for 24 hours');

    // Resend: a new link; the welcome mail's is superseded. A second resend within the minute is refused.
    const resent = await client.post('/api/resend-verification', {});
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe('We have sent a new verification link to your email address. It works for 24 hours.');
    const tooSoon = await client.post('/api/resend-verification', {});
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe('A verification email was sent less than a minute ago. Please check your inbox or wait a minute.');
    const [, second] = await smtp.waitFor(user.email, 2);
    expect(second.parsed.subject).toBe('Confirm your email address for QR Code Sharks');
    const latest = linkIn(second.parsed.text);

    const anonymous = new TestClient(app.url);
    const superseded = await anonymous.post('/api/verify-email', { token: first.token });
    expect(superseded.status).toBe(400);
    expect(superseded.body.message).toBe(
      'This verification link has been replaced by a newer one. Please use the link in the latest email.',
    );
    const [body, signature] = latest.token.split('.');
    const tampered = await anonymous.post('/api/verify-email', {
      token: `${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('This verification link is invalid. Please ask for a new one.');
    const expired = signVerificationToken(app.env.SESSION_SECRET, {
      userId: user.id,
      requestId: crypto.randomUUID(),
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await anonymous.post('/api/verify-email', { token: expired })).body.message).toBe(
      'This verification link has expired. Please ask for a new one.',
    );
    expect((await anonymous.post('/api/verify-email', {})).status).toBe(400);
    expect((await client.get('/api/user')).body.emailVerified).toBe(false);

    const done = await anonymous.post('/api/verify-email', { token: latest.token });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your email address is verified. Thank you!');
    expect((await client.get('/api/user')).body.emailVerified).toBe(true);
    const replay = await anonymous.post('/api/verify-email', { token: latest.token });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This verification link has already been used.');
    const verifiedResend = await client.post('/api/resend-verification', {});
    expect(verifiedResend.status).toBe(400);
    expect(verifiedResend.body.message).toBe('Your email address is already verified.');
    const types = (await testEvents(app.app).store.readStream(`user-${user.id}`)).map((event) => event.type);
    expect(types).toEqual(['UserRegistered', 'EmailVerificationRequested', 'EmailVerified']);
    expect((await new TestClient(app.url).post('/api/resend-verification', {})).status).toBe(401);
  });

  it('ADMIN_EMAILS: a listed address becomes admin once verified, never by registering it alone', async () => {
    const boss = new TestClient(app.url);
    const registered = await boss.post('/api/register', { email: 'boss@example.com', password: 'boss-password-1' });
    expect(registered.body.roles).toEqual(['user']);
    expect((await boss.get('/api/admin/users')).status).toBe(403);
    const [welcome] = await smtp.waitFor('boss@example.com');
    expect((await new TestClient(app.url).post('/api/verify-email', { token: linkIn(welcome.parsed.text).token })).status).toBe(200);
    await until(async () => (await boss.get('/api/admin/users')).status === 200, 'the admin role after verification');
  });

  it('a password reset proves the address too; a Google-only account that sets a password is mailed about it', async () => {
    google.nextUser({ sub: 'g-only', email: 'google-only@example.com', email_verified: true });
    const viaGoogle = new TestClient(app.url);
    await roundTrip(viaGoogle);
    const me = (await viaGoogle.get('/api/user')).body;
    expect(me).toMatchObject({ emailVerified: true, googleId: 'g-only' });
    expect((await viaGoogle.post('/api/forgot-password', { email: 'google-only@example.com' })).status).toBe(200);
    // A sign-up through Google is welcomed too; then the reset link, then the notice that a password was added.
    const reset = (await smtp.waitFor('google-only@example.com', 2)).find((mail) => /^Reset your/.test(mail.parsed.subject ?? ''))!;
    const token = decodeURIComponent(/reset-password\?token=([^\s"]+)/.exec(reset.parsed.text ?? '')![1]);
    const setPassword = { token, password: 'my-new-password-1', confirmPassword: 'my-new-password-1' };
    expect((await viaGoogle.post('/api/reset-password', setPassword)).status).toBe(200);
    const [, , added] = await smtp.waitFor('google-only@example.com', 3);
    expect(added.parsed.subject).toBe('A password was added to your QR Code Sharks account');
    expect(added.parsed.text).toContain('Signing in with a password was just added');

    const unverified = new TestClient(app.url);
    const user = await signUp(unverified, 'resetter@example.com');
    await smtp.waitFor(user.email);
    await unverified.post('/api/forgot-password', { email: user.email });
    const [, resetMail] = await smtp.waitFor(user.email, 2);
    const resetToken = decodeURIComponent(/reset-password\?token=([^\s"]+)/.exec(resetMail.parsed.text ?? '')![1]);
    expect(
      (
        await unverified.post('/api/reset-password', {
          token: resetToken,
          password: 'reset-password-1',
          confirmPassword: 'reset-password-1',
        })
      ).status,
    ).toBe(200);
    const signedIn = new TestClient(app.url);
    expect((await signedIn.post('/api/login', { username: user.email, password: 'reset-password-1' })).body.emailVerified).toBe(true);
  });
});
