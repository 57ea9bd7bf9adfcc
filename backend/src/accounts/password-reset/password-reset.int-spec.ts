import { randomUUID } from 'node:crypto';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { signResetToken, type ResetTokenClaims } from './password-reset-token';
import { USER_STREAM_EVENTS, type PasswordResetRequested } from '../model/user.events';

/**
 * Issue 27 item 2: a reset token is bound to its PasswordResetRequested event and the account's auth version. The
 * tests sign tokens with the app's own key, as someone who learnt SESSION_SECRET could: only a token of the latest
 * request, with its exact fields, sets a password.
 */
describe('POST /api/reset-password: tokens bound to their request', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const requests = async (userId: string): Promise<PasswordResetRequested[]> =>
    USER_STREAM_EVENTS.pick('PasswordResetRequested')
      .among(await testEvents(app.app).store.readStream(`user-${userId}`))
      .map((event) => event.data);
  const tokenOf = (request: PasswordResetRequested, change: Partial<ResetTokenClaims> = {}) =>
    signResetToken(app.env.SESSION_SECRET, {
      userId: request.userId,
      requestId: request.requestId,
      authVersion: request.authVersion,
      expiresAt: request.expiresAt,
      ...change,
    });
  const reset = (token: string, password: string) =>
    new TestClient(app.url).post('/api/reset-password', { token, password, confirmPassword: password });
  const canSignIn = async (email: string, password: string) =>
    (await new TestClient(app.url).post('/api/login', { username: email, password })).status === 200;

  it('refuses a well-signed token for a reset nobody asked for, or with a real request id but other fields', async () => {
    const user = await signUp(new TestClient(app.url), undefined, 'first-password-1');
    const minted = signResetToken(app.env.SESSION_SECRET, {
      userId: user.id,
      requestId: randomUUID(),
      authVersion: 0,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const refused = await reset(minted, 'attacker-password-1');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This password reset link is invalid. Please ask for a new one.');

    expect((await new TestClient(app.url).post('/api/forgot-password', { email: user.email })).status).toBe(200);
    const [request] = await requests(user.id);
    const stretched = await reset(
      tokenOf(request, { expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      'attacker-password-1',
    );
    expect(stretched.status).toBe(400);
    expect(stretched.body.message).toBe('This password reset link is invalid. Please ask for a new one.');
    expect(await canSignIn(user.email, 'first-password-1')).toBe(true);
    expect(await canSignIn(user.email, 'attacker-password-1')).toBe(false);
  });

  it('a newer request replaces the older link; a used link answers 400; the latest works once', async () => {
    const user = await signUp(new TestClient(app.url), undefined, 'first-password-1');
    const anonymous = new TestClient(app.url);
    expect((await anonymous.post('/api/forgot-password', { email: user.email })).status).toBe(200);
    expect((await anonymous.post('/api/forgot-password', { email: user.email })).status).toBe(200);
    const [older, latest] = await requests(user.id);

    const replaced = await reset(tokenOf(older), 'second-password-2');
    expect(replaced.status).toBe(400);
    expect(replaced.body.message).toBe('This password reset link was replaced by a newer one. Please use the link in the latest email.');
    expect(await canSignIn(user.email, 'first-password-1')).toBe(true);

    expect((await reset(tokenOf(latest), 'second-password-2')).status).toBe(200);
    const used = await reset(tokenOf(latest), 'third-password-3');
    expect(used.status).toBe(400);
    expect(used.body.message).toBe('This password reset link has already been used. Please ask for a new one.');
    expect(await canSignIn(user.email, 'second-password-2')).toBe(true);
    expect(await canSignIn(user.email, 'third-password-3')).toBe(false);
  });
});
