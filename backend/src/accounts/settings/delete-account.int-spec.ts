import { DataSource } from 'typeorm';
import { FakeGoogle, roundTrip } from '../../test-support/fake-google';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

/**
 * Issue 30 item 8: deleting an account is confirmed like the product's other irreversible actions. An account with a
 * password gives it; one without (Google sign-in only) types its email address. A refusal is a 400 with the field's
 * message and changes nothing: no event, every session still signed in.
 */
describe('POST /api/delete-account asks for the password, or the email address of a Google-only account', () => {
  let google: FakeGoogle;
  let app: TestApp;

  beforeAll(async () => {
    google = await FakeGoogle.start();
    app = await startTestApp(google.settings);
  });
  afterAll(async () => {
    await app?.close();
    await google?.stop();
  });

  const eventTypes = async (userId: string) => (await testEvents(app.app).store.readStream(`user-${userId}`)).map((event) => event.type);
  const isDeleted = async (userId: string) =>
    ((await app.app.get(DataSource).query('SELECT is_deleted FROM users WHERE id = $1', [userId])) as { is_deleted: boolean }[])[0]
      .is_deleted;

  it('an account with a password: none, a wrong one or the typed email is refused with 400 and nothing changes', async () => {
    const client = new TestClient(app.url);
    const { id, email, password } = await signUp(client);
    const otherDevice = new TestClient(app.url);
    expect((await otherDevice.post('/api/login', { username: email, password })).status).toBe(200);
    expect((await client.get('/api/user')).body).toMatchObject({ id, hasPassword: true });

    for (const [body, message] of [
      [{}, 'Please enter your password to delete your account'],
      [{ password: '' }, 'Please enter your password to delete your account'],
      [{ password: 'not-my-password' }, 'Password is incorrect'],
      [{ confirmation: email }, 'Please enter your password to delete your account'],
      [{ password: 42 }, 'Please enter your password to delete your account'],
      [{ password: 'x'.repeat(1025) }, 'Password is incorrect'],
      [{ confirmation: 'a\u0000b' }, 'Confirmation contains characters that are not allowed'],
    ] as const) {
      const res = await client.post('/api/delete-account', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await eventTypes(id)).toEqual(['UserRegistered']);
    expect(await isDeleted(id)).toBe(false);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(200);

    expect((await client.post('/api/delete-account', { password })).body).toEqual({ message: 'Account deleted' });
    expect(await eventTypes(id)).toEqual(['UserRegistered', 'UserDeleted']);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
  });

  it('a Google-only account types its email address (any case); a wrong address or a password is refused', async () => {
    google.nextUser({ sub: 'g-delete', email: 'Only.Google@example.com', email_verified: true });
    const client = new TestClient(app.url);
    await roundTrip(client);
    const me = (await client.get('/api/user')).body as { id: string; hasPassword: boolean };
    expect(me.hasPassword).toBe(false);

    for (const [body, message] of [
      [{}, 'Please type your email address to confirm'],
      [{ confirmation: '   ' }, 'Please type your email address to confirm'],
      [{ confirmation: 'someone.else@example.com' }, 'The email address does not match your account'],
      [{ password: 'any-password' }, 'Please type your email address to confirm'],
    ] as const) {
      const res = await client.post('/api/delete-account', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await isDeleted(me.id)).toBe(false);

    expect((await client.post('/api/delete-account', { confirmation: ' only.google@EXAMPLE.com ' })).status).toBe(200);
    expect(await isDeleted(me.id)).toBe(true);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});
