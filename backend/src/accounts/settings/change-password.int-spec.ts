import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

describe('POST /api/change-password', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("answers the spec's validation messages and refuses a wrong current password", async () => {
    const client = new TestClient(app.url);
    const { password } = await signUp(client);
    const cases: [unknown, string][] = [
      [{ newPassword: 'newpass1', confirmPassword: 'newpass1' }, 'Current password is required'],
      [{ currentPassword: password, newPassword: '123', confirmPassword: '123' }, 'Password must be at least 6 characters'],
      [{ currentPassword: password, newPassword: 'newpass1' }, 'Please confirm your new password'],
      [{ currentPassword: password, newPassword: 'newpass1', confirmPassword: 'newpass2' }, "Passwords don't match"],
      [{ currentPassword: 'not-it', newPassword: 'newpass1', confirmPassword: 'newpass1' }, 'Current password is incorrect'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/change-password', body);
      expect({ body, status: res.status, message: res.body?.message }).toEqual({ body, status: 400, message });
    }
    expect((await new TestClient(app.url).post('/api/change-password', cases[0][0])).status).toBe(401);
  });

  it('changes the password: this session goes on, every other session ends, only the new password signs in', async () => {
    const client = new TestClient(app.url);
    const { email, password } = await signUp(client);
    const otherDevice = new TestClient(app.url);
    expect((await otherDevice.post('/api/login', { username: email, password })).status).toBe(200);
    const before = client.cookies.get('qrs.sid');

    const res = await client.post('/api/change-password', {
      currentPassword: password,
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password updated' });
    expect(client.cookies.get('qrs.sid')).not.toBe(before);

    expect((await client.get('/api/user')).status).toBe(200);
    const old = await otherDevice.get('/api/user');
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Authentication required');

    expect((await new TestClient(app.url).post('/api/login', { username: email, password })).status).toBe(401);
    expect((await new TestClient(app.url).post('/api/login', { username: email, password: 'brand-new-1' })).status).toBe(200);
  });

  it('a session copied before the change is refused even if its row survived (auth version check)', async () => {
    const client = new TestClient(app.url);
    const { password } = await signUp(client);
    const stolen = new TestClient(app.url);
    const sid = client.cookies.get('qrs.sid')!;
    // Sign in again elsewhere with the same cookie value: the same server-side session.
    stolen.cookies.set('qrs.sid', sid);
    expect((await stolen.get('/api/user')).status).toBe(200);
    await client.post('/api/change-password', { currentPassword: password, newPassword: 'brand-new-2', confirmPassword: 'brand-new-2' });
    expect((await stolen.get('/api/user')).status).toBe(401);
  });
});
