import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signVerificationToken } from '../email-verification/email-verification-token';
import { USER_STREAM_EVENTS } from '../model/user.events';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';

const run = promisify(execFile);

describe('roles: the guard of @Authenticated(...roles), through HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
  });
  afterAll(() => app.close());

  it('GET /api/admin/users (support): 401 signed out, 403 for a user, 200 for support and admin', async () => {
    const anonymous = await new TestClient(app.url).get('/api/admin/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Authentication required');

    const user = new TestClient(app.url);
    await signUp(user);
    const forbidden = await user.get('/api/admin/users');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('You do not have permission to do this');

    const support = new TestClient(app.url);
    const supportUser = await signUp(support);
    await grantRole(app, supportUser.id, 'support');
    const list = await support.get('/api/admin/users?range=[0,0]&sort=["createdAt","ASC"]');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.headers['content-range']).toMatch(/^users 0-0\/\d+$/);
    expect(JSON.stringify(list.body)).not.toMatch(/argon2/);
    expect((await support.get('/api/user')).body.roles).toEqual(['user', 'support']);

    const admin = new TestClient(app.url);
    const adminUser = await signUp(admin);
    await grantRole(app, adminUser.id, 'admin');
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it(
    'POST/DELETE /api/admin/users/:id/roles/:role (admin): 403 for support, RoleGranted/RoleRevoked for admin, effective on the next ' +
      'request',
    async () => {
      const admin = new TestClient(app.url);
      const adminUser = await signUp(admin);
      await grantRole(app, adminUser.id, 'admin');
      const support = new TestClient(app.url);
      const supportUser = await signUp(support);
      await grantRole(app, supportUser.id, 'support');
      const target = new TestClient(app.url);
      const targetUser = await signUp(target);

      expect((await support.post(`/api/admin/users/${targetUser.id}/roles/support`)).status).toBe(403);
      expect((await target.get('/api/admin/users')).status).toBe(403);

      const granted = await admin.post(`/api/admin/users/${targetUser.id}/roles/support`);
      expect(granted.status).toBe(201);
      expect(granted.body.roles).toEqual(['user', 'support']);
      expect((await target.get('/api/admin/users')).status).toBe(200);

      const revoked = await admin.delete(`/api/admin/users/${targetUser.id}/roles/support`);
      expect(revoked.status).toBe(200);
      expect((await target.get('/api/admin/users')).status).toBe(403);

      expect((await admin.post(`/api/admin/users/${targetUser.id}/roles/owner`)).status).toBe(400);
      expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/roles/admin')).status).toBe(404);
      expect((await admin.delete(`/api/admin/users/${adminUser.id}/roles/admin`)).status).toBe(400);

      const stream = await testEvents(app.app).store.readStream(`user-${targetUser.id}`);
      expect(stream.map((event) => event.type)).toEqual(['UserRegistered', 'RoleGranted', 'RoleRevoked']);
      expect(stream[1].metadata.actorId).toBe(adminUser.id);
    },
  );

  it('ADMIN_EMAILS: registering a listed email is not enough (issue 27); signing in with it verified makes an admin', async () => {
    const boss = new TestClient(app.url);
    const res = await boss.post('/api/register', { email: 'boss@example.com', password: 'secret1' });
    expect(res.body.roles).toEqual(['user']);
    expect((await boss.get('/api/admin/users')).status).toBe(403);
    // The welcome mail's link, signed as the mail feature signs it (email-verification.int-spec.ts opens the mail itself).
    const [registered] = USER_STREAM_EVENTS.pick('UserRegistered').among(await testEvents(app.app).store.readStream(`user-${res.body.id}`));
    const { verification } = registered.data;
    const token = signVerificationToken(app.env.SESSION_SECRET, { userId: res.body.id, ...verification! });
    expect((await new TestClient(app.url).post('/api/verify-email', { token })).status).toBe(200);
    const again = await new TestClient(app.url).post('/api/login', { username: 'BOSS@example.com', password: 'secret1' });
    expect(again.body.roles).toEqual(['user', 'admin']);
    expect((await boss.get('/api/admin/users')).status).toBe(200);
  });

  it('npm run admin -- grant admin <email> grants the role from the command line', async () => {
    const client = new TestClient(app.url);
    const { email } = await signUp(client);
    expect((await client.get('/api/admin/users')).status).toBe(403);
    const backend = join(__dirname, '..', '..', '..');
    const { stdout } = await run('node', ['-r', '@swc-node/register', 'src/cli/admin.ts', 'grant', 'admin', email], {
      cwd: backend,
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.json',
        DATABASE_URL: app.db.url,
        REDIS_URL: app.env.REDIS_URL,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      },
      timeout: 60_000,
    });
    expect(stdout).toContain(`Granted admin to ${email}`);
    expect((await client.get('/api/admin/users')).status).toBe(200);
  }, 90_000);
});
