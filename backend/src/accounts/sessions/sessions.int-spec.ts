import { DataSource } from 'typeorm';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

const sessionCookie = (setCookie: string | string[] | undefined) =>
  ([] as string[]).concat(setCookie ?? []).find((cookie) => cookie.startsWith('qrs.sid='));

describe('sessions', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_ORIGIN: 'https://qrsharks.example' });
  });
  afterAll(() => app.close());

  it('POST /api/login sets an httpOnly, SameSite=Lax cookie stored in Postgres; no cookie for anonymous requests', async () => {
    const anonymous = await new TestClient(app.url).get('/api/white-label/config');
    expect(sessionCookie(anonymous.headers['set-cookie'])).toBeUndefined();

    const client = new TestClient(app.url);
    const { id, email, password } = await signUp(client);
    const res = await new TestClient(app.url).post('/api/login', { username: email, password });
    const cookie = sessionCookie(res.headers['set-cookie'])!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/); // NODE_ENV=test over plain HTTP; see the production test below
    const rows = await app.app.get(DataSource).query(`SELECT sess FROM user_sessions WHERE sess->>'userId' = $1`, [id]);
    expect(rows).toHaveLength(2);
    expect(rows[0].sess).toMatchObject({ userId: id, tenantId: 1, authVersion: 0 });
  });

  it('POST /api/login issues a new session id (no fixation) and the old id stops working', async () => {
    const client = new TestClient(app.url);
    const { email, password } = await signUp(client);
    const before = client.cookies.get('qrs.sid')!;
    // An attacker who planted `before` in the victim's browser gains nothing after the victim signs in.
    const attacker = new TestClient(app.url);
    attacker.cookies.set('qrs.sid', before);
    expect((await client.post('/api/login', { username: email, password })).status).toBe(200);
    const after = client.cookies.get('qrs.sid')!;
    expect(after).not.toBe(before);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await attacker.get('/api/user')).status).toBe(401);
  });

  it('POST /api/logout destroys the session server-side: a copy of the cookie is refused', async () => {
    const client = new TestClient(app.url);
    const { id } = await signUp(client);
    const copy = new TestClient(app.url);
    copy.cookies.set('qrs.sid', client.cookies.get('qrs.sid')!);
    const res = await client.post('/api/logout');
    expect(res.status).toBe(200);
    expect(client.cookies.has('qrs.sid')).toBe(false);
    expect((await copy.get('/api/user')).status).toBe(401);
    expect(await app.app.get(DataSource).query(`SELECT 1 FROM user_sessions WHERE sess->>'userId' = $1`, [id])).toHaveLength(0);
    expect((await new TestClient(app.url).post('/api/logout')).status).toBe(200); // signed out already: still fine
  });

  it('refuses state-changing requests from another origin (Origin or Referer), allows same host, PUBLIC_ORIGIN and no Origin', async () => {
    const client = new TestClient(app.url);
    const { email, password } = await signUp(client);
    const host = new URL(app.url).host;
    const cross = await client.post('/api/login', { username: email, password }, { headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    expect(cross.body).toMatchObject({ message: 'Cross-origin request refused' });
    expect(
      (await client.put('/api/update-name', { firstName: 'x', lastName: 'y' }, { headers: { referer: 'https://evil.example/page' } }))
        .status,
    ).toBe(403);
    expect((await client.post('/api/logout', undefined, { headers: { origin: 'null' } })).status).toBe(403);
    expect((await client.get('/api/user', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    expect(
      (await client.put('/api/update-name', { firstName: 'a', lastName: 'b' }, { headers: { origin: `http://${host}` } })).status,
    ).toBe(200);
    expect(
      (await client.put('/api/update-name', { firstName: 'a', lastName: 'b' }, { headers: { origin: 'https://qrsharks.example' } })).status,
    ).toBe(200);
    expect(
      (await client.put('/api/update-name', { firstName: 'a', lastName: 'b' }, { headers: { referer: `http://${host}/account-settings` } }))
        .status,
    ).toBe(200);
    expect((await client.put('/api/update-name', { firstName: 'a', lastName: 'b' })).status).toBe(200);
  });
});

describe('sessions in production (NODE_ENV=production behind a TLS proxy)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://qrsharks.example',
      SESSION_SECRET: 'a-production-secret-for-tests',
      VISITOR_HASH_SALT: 'a-production-salt',
      PERSONAL_DATA_KEY: 'a-production-personal-data-key',
      STREAM_NAME_SALT: 'a-production-stream-name-salt',
    });
  });
  afterAll(() => app.close());

  it('POST /api/register sets a Secure cookie over HTTPS, and none over plain HTTP', async () => {
    const https = new TestClient(app.url);
    const res = await https.post(
      '/api/register',
      { email: 'secure@example.com', password: 'secret1' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie'])!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);

    const plain = await new TestClient(app.url).post('/api/login', { username: 'secure@example.com', password: 'secret1' });
    expect(plain.status).toBe(200);
    expect(sessionCookie(plain.headers['set-cookie'])).toBeUndefined();
  });
});

describe('sessions in production on a plain-http address (docker-compose.yml without a proxy)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      SESSION_SECRET: 'a-production-secret-for-tests',
      VISITOR_HASH_SALT: 'a-production-salt',
      PERSONAL_DATA_KEY: 'a-production-personal-data-key',
      STREAM_NAME_SALT: 'a-production-stream-name-salt',
    });
  });
  afterAll(() => app.close());

  it('signs in over plain HTTP with a cookie that is not Secure (a Secure one would never be set on http)', async () => {
    const client = new TestClient(app.url);
    const res = await client.post('/api/register', { email: 'plain@example.com', password: 'secret1' });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie'])!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/; Secure/);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
