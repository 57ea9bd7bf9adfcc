import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';

describe('GET /api/docs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('serves the OpenAPI description of every route and its browsable page', async () => {
    const client = new TestClient(app.url);
    const spec = await client.get('/api/docs-json');
    expect(spec.status).toBe(200);
    expect(spec.body.info.title).toBe('QR Code Sharks API');
    const paths = Object.keys(spec.body.paths);
    for (const path of ['/api/health', '/api/white-label/config', '/api/register', '/api/login', '/api/qrcodes', '/api/dynamic-qrcodes/{id}/pause', '/api/user-analytics']) {
      expect(paths).toContain(path);
    }
    const page = await client.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
  });
});
