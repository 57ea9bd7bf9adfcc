import { testEvents } from '../test-support/events';
import { ProjectionsService } from '../projections/projections.service';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';

describe('GET /api/white-label/config', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
  });
  afterAll(() => app.close());

  it('answers the default brand, client 1, created on first start as an event on tenant-1', async () => {
    const res = await fetch(`${app.url}/api/white-label/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, name: 'QR Code Sharks', primaryColor: '#3B82F6', secondaryColor: '#1E40AF' });
    // API answers carry no content-hash ETag (bootstrap turns Express's off; versioned answers set their own).
    expect(res.headers.get('etag')).toBeNull();
    const stream = await testEvents(app.app).store.readStream('tenant-1');
    expect(stream.map((event) => event.type)).toEqual(['ClientCreated']);
  });

  it('answers the brand of the request host: subdomain of BASE_DOMAIN or custom domain', async () => {
    const writer = testEvents(app.app);
    const created = await writer.append(
      'tenant-2',
      [
        writer.event('ClientCreated', {
          clientId: 2,
          name: 'Acme Menus',
          customDomain: 'qr.acme.example',
          subdomain: 'acme',
          logoUrl: null,
          primaryColor: '#FF0000',
          secondaryColor: '#00FF00',
          customFavicon: '/favicon-acme.ico',
          removeQRCodeSharksBranding: true,
          customCSS: 'body{}',
          isActive: true,
          apiKey: 'qrs_test_key_2',
        }),
      ],
      'no_stream',
    );
    expect(await app.app.get(ProjectionsService).waitFor(created.position, ['clients'])).toBe(true);

    const client = new TestClient(app.url);
    for (const host of ['acme.qrsharks.test', 'qr.acme.example', 'ACME.qrsharks.test:3000']) {
      const res = await client.get('/api/white-label/config', { host });
      expect(res.body).toMatchObject({
        id: 2,
        name: 'Acme Menus',
        primaryColor: '#FF0000',
        customFavicon: '/favicon-acme.ico',
        customCSS: 'body{}',
      });
    }
    const other = await client.get('/api/white-label/config', { host: 'unknown.qrsharks.test' });
    expect(other.body).toMatchObject({ id: 1 });
  });

  it('GET /api/health reports Postgres, Redis and the event store', async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', postgres: { ok: true }, redis: { ok: true }, eventStore: { ok: true } });
  });
});
