import { clientAnswer, deletedClientAnswer } from '../tenants';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { until } from '../test-support/until';

const list = (params: Record<string, unknown>) =>
  '?' +
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&');

const ADMIN_CLIENTS = '/api/admin/clients';
const SPEC_CLIENTS = '/api/white-label/clients';

/** Issue 19: tenants in the staff console, beside the website spec's /api/white-label/clients (same commands). */
describe('/api/admin/clients and /api/white-label/clients: tenant CRUD through both APIs and roles', () => {
  let app: TestApp;
  const MAIN = 'qrsharks.test';
  let admin: TestClient;
  let support: TestClient;
  let plain: TestClient;

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: MAIN });
    admin = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(admin, 'boss@example.com')).id, 'admin');
    support = new TestClient(app.url, { host: MAIN });
    await grantRole(app, (await signUp(support, 'helper@example.com')).id, 'support');
    plain = new TestClient(app.url, { host: MAIN });
    await signUp(plain, 'plain@example.com');
  });
  afterAll(() => app.close());

  it('signed out 401, a plain user 403 on every route; support creates, edits and rotates but may not delete; admin deletes', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', ADMIN_CLIENTS],
      ['GET', `${ADMIN_CLIENTS}/1`],
      ['POST', ADMIN_CLIENTS, { name: 'X' }],
      ['PUT', `${ADMIN_CLIENTS}/1`, { name: 'X' }],
      ['POST', `${ADMIN_CLIENTS}/1/api-key`],
      ['DELETE', `${ADMIN_CLIENTS}/1`],
      ['GET', SPEC_CLIENTS],
      ['POST', SPEC_CLIENTS, { name: 'X' }],
    ];
    const anonymous = new TestClient(app.url, { host: MAIN });
    for (const [method, path, body] of routes) {
      expect({ method, path, status: (await anonymous.request(method, path, { body })).status }).toEqual({ method, path, status: 401 });
      expect({ method, path, status: (await plain.request(method, path, { body })).status }).toEqual({ method, path, status: 403 });
    }

    // support creates through the console's API and edits through the spec's: the same client either way.
    const created = await support.post(ADMIN_CLIENTS, { name: 'Acme Menus', subdomain: 'acme', primaryColor: '#ff0000' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Acme Menus', subdomain: 'acme', primaryColor: '#FF0000', secondaryColor: '#1E40AF' });
    expect(created.body).toMatchObject({ isActive: true, removeQRCodeSharksBranding: false });
    expect(clientAnswer.parse(created.body)).toEqual(created.body);
    const id = created.body.id as number;
    const edited = await support.put(`${SPEC_CLIENTS}/${id}`, { id, name: 'Acme Menus', subdomain: 'acme', customCSS: 'h1{color:red}' });
    expect(edited.status).toBe(200);
    expect(edited.body.customCSS).toBe('h1{color:red}');

    // The console's list: the ra-data-simple-rest dialect (Content-Range), sortable, filterable.
    const page = await support.get(ADMIN_CLIENTS + list({ sort: ['id', 'ASC'], range: [0, 9] }));
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toBe('clients 0-1/2');
    expect(page.body.map((client: { id: number }) => client.id)).toEqual([1, id]);
    // Rows from the read table: the documented schema is what both lists answer (a stray or mistyped column fails).
    expect(clientAnswer.array().parse(page.body)).toEqual(page.body);
    const specList = (await support.get(SPEC_CLIENTS)).body;
    expect(clientAnswer.array().parse(specList)).toEqual(specList);
    expect((await support.get(ADMIN_CLIENTS + list({ filter: { q: 'acme' } }))).body.map((c: { id: number }) => c.id)).toEqual([id]);
    expect((await support.get(ADMIN_CLIENTS + list({ filter: { isActive: false } }))).body).toEqual([]);
    expect((await support.get(ADMIN_CLIENTS + list({ filter: { colour: 'red' } }))).status).toBe(400);
    expect((await support.get(ADMIN_CLIENTS + list({ sort: ['apiKey', 'ASC'] }))).status).toBe(400);

    // The console edits Active/Inactive (the spec's page never sends it) and sends the whole record back.
    const record = (await support.get(`${ADMIN_CLIENTS}/${id}`)).body;
    expect(record).toMatchObject({ id, name: 'Acme Menus', customCSS: 'h1{color:red}' });
    expect(clientAnswer.parse(record)).toEqual(record);
    const inactive = await support.put(`${ADMIN_CLIENTS}/${id}`, { ...record, isActive: false, name: 'Acme Menus Ltd' });
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ id, isActive: false, name: 'Acme Menus Ltd', apiKey: record.apiKey });
    expect((await support.put(`${ADMIN_CLIENTS}/${id}`, { ...record, name: '' })).body.errors).toEqual({ name: 'Name is required' });

    // Rotate: a new key at once, the old one gone.
    const rotated = await support.post(`${ADMIN_CLIENTS}/${id}/api-key`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.apiKey).toMatch(/^qrs_[0-9a-f]{48}$/);
    expect(rotated.body.apiKey).not.toBe(record.apiKey);
    expect(clientAnswer.parse(rotated.body)).toEqual(rotated.body);
    expect((await support.get(`${ADMIN_CLIENTS}/${id}`)).body.apiKey).toBe(rotated.body.apiKey);
    expect((await support.get(SPEC_CLIENTS)).body.find((c: { id: number }) => c.id === id).apiKey).toBe(rotated.body.apiKey);
    expect((await support.post(`${ADMIN_CLIENTS}/999/api-key`)).status).toBe(404);

    // Delete: admins only; client 1 never.
    expect((await support.delete(`${ADMIN_CLIENTS}/${id}`)).status).toBe(403);
    const kept = await admin.delete(`${ADMIN_CLIENTS}/1`);
    expect(kept.status).toBe(403);
    expect(kept.body.message).toBe('The default client cannot be deleted');
    const deleted = await admin.delete(`${ADMIN_CLIENTS}/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect(deletedClientAnswer.parse(deleted.body)).toEqual(deleted.body);
    expect((await support.get(`${ADMIN_CLIENTS}/${id}`)).status).toBe(404);
    expect((await support.get(SPEC_CLIENTS)).body.map((c: { id: number }) => c.id)).toEqual([1]);
    expect((await admin.delete(`${ADMIN_CLIENTS}/${id}`)).status).toBe(404);
    expect((await support.get(`${ADMIN_CLIENTS}/abc`)).status).toBe(404);

    // The audit log names the rotation without the key (the audit projection follows the command: wait for it).
    const rotationsUrl = '/api/admin/events' + list({ filter: { type: 'ClientApiKeyRotated' } });
    const rotations = await until(async () => {
      const rows = (await admin.get(rotationsUrl)).body as { summary: string }[];
      return rows.length > 0 && rows;
    }, 'the key rotation in the audit log');
    expect(rotations[0].summary).toContain(`rotated the API key of client ${id}`);
    expect(JSON.stringify(rotations[0])).not.toContain(rotated.body.apiKey);
  });

  it("a white-label client's staff see only their own tenant and change none; /me says so (the console hides the controls)", async () => {
    const bistro = await support.post(SPEC_CLIENTS, { name: 'Bistro', subdomain: 'bistro' });
    expect(bistro.status).toBe(201);
    const other = await support.post(ADMIN_CLIENTS, { name: 'Other' });
    const bistroAdmin = new TestClient(app.url, { host: `bistro.${MAIN}` });
    await grantRole(app, (await signUp(bistroAdmin, 'bistro-boss@example.com')).id, 'admin');

    const page = await bistroAdmin.get(ADMIN_CLIENTS);
    expect(page.status).toBe(200);
    expect(page.body.map((c: { id: number }) => c.id)).toEqual([bistro.body.id]);
    expect(page.headers['content-range']).toBe('clients 0-0/1');
    expect((await bistroAdmin.get(`${ADMIN_CLIENTS}/${bistro.body.id}`)).body.name).toBe('Bistro');
    expect((await bistroAdmin.get(`${ADMIN_CLIENTS}/${other.body.id}`)).status).toBe(404);
    expect((await bistroAdmin.get(`${ADMIN_CLIENTS}/1`)).status).toBe(404);
    expect((await bistroAdmin.post(ADMIN_CLIENTS, { name: 'Sneaky' })).status).toBe(403);
    expect((await bistroAdmin.put(`${ADMIN_CLIENTS}/${bistro.body.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await bistroAdmin.post(`${ADMIN_CLIENTS}/${bistro.body.id}/api-key`)).status).toBe(403);
    expect((await bistroAdmin.delete(`${ADMIN_CLIENTS}/${other.body.id}`)).status).toBe(403);

    const me = (await bistroAdmin.get('/api/admin/me')).body;
    expect(me.permissions).not.toContain('manageTenants');
    expect(me.permissions).not.toContain('deleteTenants');
    expect((await support.get('/api/admin/me')).body.permissions).toContain('manageTenants');
    expect((await support.get('/api/admin/me')).body.permissions).not.toContain('deleteTenants');
    expect((await admin.get('/api/admin/me')).body.permissions).toEqual(expect.arrayContaining(['manageTenants', 'deleteTenants']));
  });
});
