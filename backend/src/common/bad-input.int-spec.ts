import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';

/** Nothing a user can send is a 500: malformed ids, bodies and types get a 4xx. */
describe('bad input never answers 500', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
    await signUp(client);
  });
  afterAll(() => app.close());

  const cases: [string, string, unknown?, Record<string, string>?][] = [
    ['GET', '/api/qrcodes/not-a-uuid/history'],
    ['GET', '/api/qrcodes/not-a-uuid/download?format=png'],
    ['GET', '/api/qrcodes/00000000-0000-4000-8000-000000000000/download?format=gif'],
    ['DELETE', '/api/qrcodes/%E0%A4%A'],
    ['DELETE', '/api/dynamic-qrcodes/not-a-uuid'],
    ['PUT', '/api/dynamic-qrcodes/not-a-uuid', { destination: 'https://example.com' }],
    ['POST', '/api/dynamic-qrcodes/not-a-uuid/pause'],
    ['GET', '/api/dynamic-qrcodes/not-a-uuid/analytics?from=yesterday'],
    ['GET', '/api/payment-product/not-a-uuid'],
    ['POST', '/api/login', '{"username":', { 'content-type': 'application/json' }],
    ['POST', '/api/register', { email: ['x'], password: { a: 1 } }],
    ['POST', '/api/generate-qrcode', { qrType: 'nope' }],
    ['POST', '/api/generate-qrcode', { qrType: 'url', url: 'x'.repeat(5000) }],
    ['POST', '/api/qrcodes', 'not multipart', { 'content-type': 'multipart/form-data; boundary=zzz' }],
    ['PUT', '/api/update-name', { firstName: 42, lastName: null }],
    ['POST', '/api/contact', []],
    ['POST', '/api/newsletter-signup', { email: { $gt: '' } }],
    ['GET', '/api/white-label/clients/abc'],
    ['GET', '/d/%ZZ'],
    ['GET', '/pdf/not-a-uuid'],
    ['GET', '/uploads/..%2F..%2Fpackage.json'],
  ];

  // A rest parameter: with named ones Jest would take the fourth for a done callback.
  it.each(cases)('%s %s', async (...row) => {
    const [method, path, body, headers] = row as [string, string, unknown?, Record<string, string>?];
    const res = await client.request(method, path, { body, headers });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    '/logo/../../etc/passwd',
    '/uploads/../../../etc/passwd',
    '/uploads/%2e%2e/%2e%2e/package.json',
    '/pdf/..%2F..%2F..%2Fetc%2Fpasswd',
  ])('GET %s serves no file from outside the uploads', async (path) => {
    const res = await client.get(path);
    expect(res.status).toBeLessThan(500);
    expect(res.text).not.toContain('root:x:');
    expect(res.text).not.toContain('"workspaces"');
  });
});
