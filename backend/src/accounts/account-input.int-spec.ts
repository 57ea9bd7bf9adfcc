import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';

/** What the account routes refuse, through HTTP: a field message and 400 (404 for a malformed user id), never a 500. */
describe('account routes: input the schemas refuse', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it(
    'POST /api/register, /api/login, /api/change-password and PUT /api/update-name: NUL, lone surrogates and control characters are 400 ' +
      'with a field message',
    async () => {
      const client = new TestClient(app.url);
      const { email, password } = await signUp(client);
      const cases: [string, string, unknown, string, string][] = [
        [
          'POST',
          '/api/register',
          { email: 'nul@example.com', password: 'secret1', firstName: 'A\u0000' },
          'firstName',
          'First name contains characters that are not allowed',
        ],
        [
          'POST',
          '/api/register',
          { email: 'sur@example.com', password: 'secret1', lastName: 'B\uD800' },
          'lastName',
          'Last name contains characters that are not allowed',
        ],
        [
          'POST',
          '/api/register',
          { email: 'ctl@example.com', username: 'ctl\u001b', password: 'secret1' },
          'username',
          'Username contains characters that are not allowed',
        ],
        [
          'POST',
          '/api/register',
          { email: 'pw@example.com', password: 'secret\u0000' },
          'password',
          'Password contains characters that are not allowed',
        ],
        ['POST', '/api/login', { username: `${email}\u0000`, password }, 'username', 'Username contains characters that are not allowed'],
        [
          'POST',
          '/api/login',
          { username: email, password: `${password}\uDC00` },
          'password',
          'Password contains characters that are not allowed',
        ],
        [
          'PUT',
          '/api/update-name',
          { firstName: 'Ada\u0007', lastName: '' },
          'firstName',
          'First name contains characters that are not allowed',
        ],
        [
          'POST',
          '/api/change-password',
          { currentPassword: password, newPassword: 'new\u0000pass', confirmPassword: 'new\u0000pass' },
          'newPassword',
          'Password contains characters that are not allowed',
        ],
      ];
      for (const [method, path, body, field, message] of cases) {
        const res = await client.request(method, path, { body });
        expect({ path, field, status: res.status, message: res.body?.errors?.[field] }).toEqual({ path, field, status: 400, message });
      }
      expect((await client.get('/api/user')).status).toBe(200); // still signed in as the first user: nothing above signed anyone in
    },
  );

  it(
    'GET /api/admin/users with a malformed range, sort or filter: 400; POST/DELETE .../roles: a malformed id 404, an unknown role ' + '400',
    async () => {
      const admin = new TestClient(app.url);
      await grantRole(app, (await signUp(admin)).id, 'admin');
      for (const query of [
        'range=1',
        'range=null',
        'range=[0]',
        'range=nope',
        'sort=null',
        'sort=1',
        'filter=null',
        'filter=[1]',
        'filter={"q":5}',
        'range=[0,1]&range=[0,2]',
      ]) {
        const res = await admin.get(`/api/admin/users?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
      expect((await admin.get('/api/admin/users?range=[0,9]&sort=["email","ASC"]&filter={"q":"example"}')).status).toBe(200);

      const missing = await admin.post('/api/admin/users/not-a-uuid/roles/support');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('User not found');
      expect((await admin.delete('/api/admin/users/not-a-uuid/roles/support')).status).toBe(404);
      const { id } = await signUp(new TestClient(app.url));
      const role = await admin.post(`/api/admin/users/${id}/roles/owner`);
      expect(role.status).toBe(400);
      expect(role.body.message).toBe("Role must be one of 'user', 'support', 'admin'");
    },
  );
});
