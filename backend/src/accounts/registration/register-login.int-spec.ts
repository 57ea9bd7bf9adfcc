import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { USER_STREAM_EVENTS } from '../model/user.events';

describe('POST /api/register, GET /api/user, POST /api/logout, POST /api/login', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('registers, answers the user, logs out, then answers 401', async () => {
    const client = new TestClient(app.url);
    const register = await client.post('/api/register', {
      username: 'Ann@Example.com',
      email: 'Ann@Example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      firstName: '',
      lastName: '',
    });
    expect(register.status).toBe(200);
    expect(register.body).toEqual({
      id: expect.any(String),
      tenantId: 1,
      username: 'Ann@Example.com',
      email: 'Ann@Example.com',
      firstName: '',
      lastName: '',
      roles: ['user'],
      subscriptionStatus: 'free',
      googleId: null,
      hasPassword: true,
      emailVerified: false,
    });
    expect(JSON.stringify(register.body)).not.toMatch(/argon2|"password"|passwordhash/i);

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(register.body);

    const stream = await testEvents(app.app).store.readStream(`user-${register.body.id}`);
    expect(stream.map((event) => event.type)).toEqual(['UserRegistered']);
    expect(stream[0].metadata).toMatchObject({ tenantId: 1, actorId: register.body.id });
    const [registered] = USER_STREAM_EVENTS.pick('UserRegistered').among(stream);
    expect(registered.data.passwordHash).toMatch(/^\$argon2id\$/);

    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ message: 'You have been successfully logged out' });
    const after = await client.get('/api/user');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ statusCode: 401, message: 'Authentication required' });

    const login = await client.post('/api/login', { username: 'ann@example.COM', password: 'secret1' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual(register.body);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('POST /api/login with a wrong password or an unknown user: 401 Invalid username or password', async () => {
    const client = new TestClient(app.url);
    const { email } = await signUp(client);
    await client.post('/api/logout');
    for (const body of [
      { username: email, password: 'wrong-password' },
      { username: 'nobody@example.com', password: 'whatever' },
    ]) {
      const res = await client.post('/api/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'Invalid username or password' });
    }
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('POST /api/register with a taken username (any case): 409 Username already exists', async () => {
    const first = new TestClient(app.url);
    await signUp(first, 'dup@example.com');
    const second = new TestClient(app.url);
    const res = await second.post('/api/register', { username: 'DUP@example.com', email: 'DUP@example.com', password: 'secret1' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'Username already exists' });
    expect((await second.get('/api/user')).status).toBe(401);
  });

  it('POST /api/register: 20 concurrent sign-ups of one name, exactly one succeeds', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        new TestClient(app.url).post('/api/register', { username: 'race@example.com', email: 'race@example.com', password: 'secret1' }),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.message).toBe('Username already exists');
  }, 90_000); // 20 argon2 hashes on a loaded CI machine

  it('validation messages of POST /api/register and POST /api/login', async () => {
    const client = new TestClient(app.url);
    const cases: [string, unknown, string][] = [
      ['/api/register', { email: 'not-an-email', password: 'secret1' }, 'Invalid email address'],
      ['/api/register', {}, 'Invalid email address'],
      ['/api/register', { email: 'short@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      ['/api/register', { email: 'conf@example.com', password: 'secret1', confirmPassword: 'secret2' }, "Passwords don't match"],
      ['/api/login', { password: 'x' }, 'Username is required'],
      ['/api/login', { username: '  ', password: 'x' }, 'Username is required'],
      ['/api/login', { username: 'a@example.com' }, 'Password is required'],
      ['/api/login', {}, 'Username is required'],
    ];
    for (const [path, body, message] of cases) {
      const res = await client.post(path, body);
      expect({ path, body, status: res.status, message: res.body?.message }).toEqual({ path, body, status: 400, message });
    }
  });
});
