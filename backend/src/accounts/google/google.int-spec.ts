import { DataSource } from 'typeorm';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { FakeGoogle, roundTrip } from '../../test-support/fake-google';

describe('GET /auth/google and GET /auth/google/callback', () => {
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

  it(
    'redirects to Google with the client id, scopes profile and email, state and our callback; creates and signs in a new ' + 'user',
    async () => {
      google.nextUser({ sub: 'g-new-1', email: 'New.Person@gmail.com', email_verified: true, given_name: 'New', family_name: 'Person' });
      const client = new TestClient(app.url);
      const { authorize, done } = await roundTrip(client);
      expect(authorize.searchParams.get('client_id')).toBe('test-client-id.apps.googleusercontent.com');
      expect(authorize.searchParams.get('scope')).toBe('profile email');
      expect(authorize.searchParams.get('response_type')).toBe('code');
      // PUBLIC_ORIGIN (the default tenant's origin), not the address the request came to.
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
      expect(authorize.searchParams.get('state')).toMatch(/^.{16,}$/);
      expect(done.status).toBe(302);
      expect(done.headers.location).toBe('/');

      const me = await client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        username: 'New.Person@gmail.com',
        email: 'New.Person@gmail.com',
        firstName: 'New',
        lastName: 'Person',
        googleId: 'g-new-1',
        roles: ['user'],
      });
      const stream = await testEvents(app.app).store.readStream(`user-${me.body.id}`);
      expect(stream.map((event) => event.type)).toEqual(['UserRegistered', 'UserSignedInWithGoogle', 'EmailVerified']);
      expect(me.body.emailVerified).toBe(true);

      // Signing in with Google again finds the same user by Google id and records nothing new.
      google.nextUser({ sub: 'g-new-1', email: 'renamed@gmail.com', email_verified: true });
      const again = new TestClient(app.url);
      expect((await roundTrip(again)).done.headers.location).toBe('/');
      expect((await again.get('/api/user')).body.id).toBe(me.body.id);
      expect(await testEvents(app.app).store.readStream(`user-${me.body.id}`)).toHaveLength(3);
    },
  );

  it('links an existing account on a verified email, never on an unverified one; its unproven password goes (issue 27)', async () => {
    const owner = new TestClient(app.url);
    const { id, email } = await signUp(owner, 'linkme@example.com');

    google.nextUser({ sub: 'g-unverified', email, email_verified: false });
    const attacker = new TestClient(app.url);
    const refused = await roundTrip(attacker);
    expect(refused.done.headers.location).toBe(`/auth?error=${encodeURIComponent('Username already exists')}`);
    expect((await attacker.get('/api/user')).status).toBe(401);

    google.nextUser({ sub: 'g-verified', email: 'LinkMe@example.com', email_verified: true, given_name: 'Link' });
    const client = new TestClient(app.url);
    expect((await roundTrip(client)).done.headers.location).toBe('/');
    const me = await client.get('/api/user');
    expect(me.body).toMatchObject({ id, googleId: 'g-verified' });
    const stream = await testEvents(app.app).store.readStream(`user-${id}`);
    // Nobody had proven the address (issue 27): Google's word verifies it and the password its registrant chose is removed.
    expect(stream.map((event) => event.type)).toEqual(['UserRegistered', 'UserSignedInWithGoogle', 'EmailVerified', 'PasswordRemoved']);
    expect((await owner.get('/api/user')).status).toBe(401);
  });

  it(
    'anonymous GET /auth/google stores no session row (state in a signed cookie); the row comes only after a successful ' + 'callback',
    async () => {
      const sessions = () =>
        app.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM user_sessions`)
          .then((rows: { n: number }[]) => rows[0].n);
      const before = await sessions();
      const starts = await Promise.all(Array.from({ length: 200 }, () => new TestClient(app.url).get('/auth/google')));
      expect(starts.every((res) => res.status === 302)).toBe(true);
      expect(
        starts.every((res) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).every((cookie) => !cookie.startsWith('qrs.sid='))),
      ).toBe(true);
      expect(await sessions()).toBe(before);

      google.nextUser({ sub: 'g-rows', email: 'rows@example.com', email_verified: true });
      const client = new TestClient(app.url);
      const { start, done } = await roundTrip(client);
      const stateCookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('qrs.gstate='));
      expect(stateCookie).toMatch(/HttpOnly/i);
      expect(stateCookie).toMatch(/SameSite=Lax/i);
      expect(stateCookie).toMatch(/Path=\/auth\/google/);
      expect(done.headers.location).toBe('/');
      expect(await sessions()).toBe(before + 1);
    },
  );

  it('builds the callback URL from the configured origin, never from the Host header', async () => {
    for (const host of ['evil.example', 'evil.example:8443']) {
      const start = await new TestClient(app.url).get('/auth/google', { host, headers: { 'x-forwarded-host': 'evil.example' } });
      expect(start.status).toBe(302);
      const redirectUri = new URL(String(start.headers.location)).searchParams.get('redirect_uri');
      expect(redirectUri).toBe('http://localhost:3000/auth/google/callback');
      expect(String(start.headers.location)).not.toContain('evil.example');
    }
  });

  it('a callback with a forged state does not sign anyone in', async () => {
    google.nextUser({ sub: 'g-forged', email: 'forged@example.com', email_verified: true });
    const client = new TestClient(app.url);
    const start = await client.get('/auth/google');
    const authorize = new URL(String(start.headers.location));
    authorize.searchParams.set('state', 'forged-state-value-123');
    const atGoogle = await new TestClient(authorize.origin).get(authorize.pathname + authorize.search);
    const callback = new URL(String(atGoogle.headers.location));
    const done = await client.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(String(done.headers.location)).toMatch(/^\/auth\?error=/);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('GET /auth/google rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      AUTH_RATE_LIMIT_PER_IP: '5',
      TRUST_PROXY: '1',
    });
  });
  afterAll(() => app.close());

  it('answers 429 with a clear message past the per-IP limit; another client IP is not affected', async () => {
    const from = (ip: string) => new TestClient(app.url).get('/auth/google', { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.20')).status).toBe(302);
    const limited = await from('198.51.100.20');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many Google sign-in attempts from your network. Please wait a few minutes and try again.');
    expect((await from('198.51.100.21')).status).toBe(302);
  });
});

describe('GET /auth/google without GOOGLE_CLIENT_ID', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers a page saying in a plain sentence that Google sign-in is not available, naming no setting', async () => {
    const res = await new TestClient(app.url).get('/auth/google');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('Signing in with Google is not available on this site yet.');
    expect(res.text).toContain('href="/auth"');
    expect(res.text).not.toMatch(/GOOGLE_|client id|administrator/i);
  });
});
