import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';

/** HSTS only where the request came over https (through a trusted proxy): a plain-http install must not send it. */
describe('security headers', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '1' });
    client = new TestClient(app.url);
  });
  afterAll(() => app.close());

  it('sends Strict-Transport-Security behind https (a trusted proxy says so), not over plain http', async () => {
    const secure = await client.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const plain = await client.get('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });
});
