import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';
import { createTenants } from '../../test-support/tenants';

describe('POST /api/login across tenants', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    await createTenants(app.app, [{ clientId: 2, customDomain: 'qr.acme.example' }]);
  });
  afterAll(() => app.close());

  it('a user belongs to the tenant of the host they signed up on and can only sign in there', async () => {
    const acme = new TestClient(app.url, { host: 'acme.qrsharks.test' });
    const { id, email, password } = await signUp(acme, 'shared@example.com', 'acme-password');
    expect((await acme.get('/api/user')).body).toMatchObject({ id, tenantId: 2 });

    const main = new TestClient(app.url, { host: 'qrsharks.test' });
    const refused = await main.post('/api/login', { username: email, password });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid username or password');
    expect((await new TestClient(app.url, { host: 'qr.acme.example' }).post('/api/login', { username: email, password })).status).toBe(200);

    // The Acme session cookie presented on the main host is not a session there.
    const carried = new TestClient(app.url, { host: 'qrsharks.test' });
    carried.cookies.set('qrs.sid', acme.cookies.get('qrs.sid')!);
    expect((await carried.get('/api/user')).status).toBe(401);

    // Usernames are unique per tenant: the same email signs up on the main brand as another user.
    const mainUser = await signUp(main, 'shared@example.com', 'main-password');
    expect(mainUser.id).not.toBe(id);
    expect((await main.get('/api/user')).body).toMatchObject({ tenantId: 1 });
    expect(
      (await new TestClient(app.url, { host: 'acme.qrsharks.test' }).post('/api/login', { username: email, password: 'main-password' }))
        .status,
    ).toBe(401);

    // The staff console (issue 18): an Acme admin reaches only Acme's users; the main brand's staff reach every tenant.
    await grantRole(app, id, 'admin');
    await grantRole(app, mainUser.id, 'admin');
    const acmeAdmin = new TestClient(app.url, { host: 'acme.qrsharks.test' });
    expect((await acmeAdmin.post('/api/login', { username: email, password })).status).toBe(200);
    const acmeList = await acmeAdmin.get('/api/admin/users?range=[0,99]');
    expect(acmeList.status).toBe(200);
    expect(acmeList.body.map((user: { id: string }) => user.id)).toEqual([id]);
    expect((await acmeAdmin.post(`/api/admin/users/${mainUser.id}/roles/support`)).status).toBe(404);
  });
});
