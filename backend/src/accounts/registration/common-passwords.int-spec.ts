import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

const TOO_COMMON = 'This password is too common. Please choose a different one.';

describe('common passwords', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('POST /api/register refuses a password from the shipped list (any case) with 400 and creates no user', async () => {
    for (const password of ['123456', 'password', 'PASSWORD', 'Qwerty123', 'iloveyou']) {
      const email = `common-${password.toLowerCase()}@example.com`;
      const res = await new TestClient(app.url).post('/api/register', { email, password, confirmPassword: password });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TOO_COMMON);
      expect(res.body.errors).toEqual({ password: TOO_COMMON });
      expect((await new TestClient(app.url).post('/api/login', { username: email, password })).status).toBe(401);
    }
    // The spec's other messages are unchanged: too short is still the length message.
    expect((await new TestClient(app.url).post('/api/register', { email: 'short@example.com', password: '1234' })).body.message).toBe(
      'Password must be at least 6 characters',
    );
    expect((await new TestClient(app.url).post('/api/register', { email: 'fine@example.com', password: 'tide-pool-42' })).status).toBe(200);
  });

  it('POST /api/change-password refuses a common new password and keeps the old one', async () => {
    const client = new TestClient(app.url);
    const { email, password } = await signUp(client);
    const res = await client.post('/api/change-password', {
      currentPassword: password,
      newPassword: 'password1',
      confirmPassword: 'password1',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ newPassword: TOO_COMMON });
    expect((await new TestClient(app.url).post('/api/login', { username: email, password })).status).toBe(200);
    expect((await new TestClient(app.url).post('/api/login', { username: email, password: 'password1' })).status).toBe(401);
  });
});
