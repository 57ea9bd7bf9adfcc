import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';
import { createTenants } from '../../test-support/tenants';

/** Every route that names a code: another user, or a user of another tenant, learns nothing (404). */
describe('who may do what with a code', () => {
  let app: TestApp;
  let owner: TestClient;
  let staticId: string;
  let dynamicId: string;

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    await createTenants(app.app, [{ clientId: 2 }]);
    owner = new TestClient(app.url);
    await signUp(owner);
    const made = await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://owner.example' });
    const dynamic = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://owner.example/d' });
    if (made.status !== 201 || dynamic.status !== 201) throw new Error(`setup failed: ${made.text} ${dynamic.text}`);
    staticId = made.body.id;
    dynamicId = dynamic.body.id;
  });
  afterAll(() => app.close());

  const attempts = (client: TestClient) => [
    () => client.delete(`/api/qrcodes/${staticId}`),
    () => client.put(`/api/qrcodes/${staticId}`, { fgColor: '#123456' }),
    () => client.get(`/api/qrcodes/${staticId}/download?format=png`),
    () => client.get(`/api/qrcodes/${staticId}/history`),
    () => client.put(`/api/dynamic-qrcodes/${dynamicId}`, { destination: 'https://evil.example' }),
    () => client.post(`/api/dynamic-qrcodes/${dynamicId}/pause`),
    () => client.post(`/api/dynamic-qrcodes/${dynamicId}/resume`),
    () => client.delete(`/api/dynamic-qrcodes/${dynamicId}`),
    () => client.get(`/api/qrcodes/${dynamicId}/download?format=svg`),
    () => client.get(`/api/qrcodes/${dynamicId}/history`),
  ];

  it('another user of the same tenant gets 404 on every route and sees empty lists', async () => {
    const other = new TestClient(app.url);
    await signUp(other);
    for (const attempt of attempts(other)) expect((await attempt()).status).toBe(404);
    expect((await other.get('/api/qrcodes')).body).toEqual([]);
    expect((await other.get('/api/dynamic-qrcodes')).body).toEqual([]);
  });

  it('a user of another tenant gets 404 on every route', async () => {
    const foreign = new TestClient(app.url, { host: 'acme.qrsharks.test' });
    await signUp(foreign);
    for (const attempt of attempts(foreign)) expect((await attempt()).status).toBe(404);
    expect((await foreign.get(`/api/payment-product/${staticId}`)).status).toBe(404);
  });

  it('signed-out callers get 401 on every signed-in route', async () => {
    const anonymous = new TestClient(app.url);
    for (const attempt of attempts(anonymous)) expect((await attempt()).status).toBe(401);
    for (const path of ['/api/qrcodes', '/api/dynamic-qrcodes', '/api/dynamic-qrcodes/paused', '/api/trial-status'])
      expect((await anonymous.get(path)).status).toBe(401);
    expect((await anonymous.post('/api/activate-trial', { email: 'a@b.example' })).status).toBe(401);
    expect((await postMultipart(anonymous, '/api/upload-pdf', { pdfTitle: 'x' })).status).toBe(401);
    expect((await postMultipart(anonymous, '/api/upload-image', { imageTitle: 'x' })).status).toBe(401);
  });

  it('support and admin staff may read the history and download, not change the code', async () => {
    for (const role of ['support', 'admin'] as const) {
      const staff = new TestClient(app.url);
      const { id } = await signUp(staff);
      await grantRole(app, id, role);
      expect((await staff.get(`/api/qrcodes/${dynamicId}/history`)).status).toBe(200);
      expect((await staff.get(`/api/qrcodes/${staticId}/download?format=svg`)).status).toBe(200);
      expect((await staff.post(`/api/dynamic-qrcodes/${dynamicId}/pause`)).status).toBe(404);
    }
  });

  it('the owner still has everything', async () => {
    expect((await owner.get(`/api/qrcodes/${staticId}/history`)).status).toBe(200);
    expect((await owner.post(`/api/dynamic-qrcodes/${dynamicId}/pause`)).status).toBe(200);
    expect((await owner.delete(`/api/qrcodes/${staticId}`)).status).toBe(200);
  });
});
