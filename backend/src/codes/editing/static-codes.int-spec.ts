import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PNG_1x1, postMultipart } from '../codes.test-kit';
import { TRACKING_EVENTS } from '../model/qr-code.events';

describe('static codes and anonymous generation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('POST /api/generate-qrcode (anonymous) answers the payload and the SVG and stores nothing', async () => {
    const client = new TestClient(app.url);
    const res = await client.post('/api/generate-qrcode', {
      qrType: 'url',
      url: 'https://example.com/menu',
      foregroundColor: '#112233',
      backgroundColor: '#FFFFFF',
      temporary: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: null,
      qrType: 'url',
      payload: 'https://example.com/menu',
      temporary: true,
      errorCorrectionLevel: 'H',
    });
    expect(res.body.svg).toMatch(/^<svg/);
    // Issue 35: every render answers whether it scans (two decoders at print size, in a render process) and why not.
    expect(res.body.scannability).toEqual({ scans: true, decoders: { jsqr: true, zxing: true }, width: 984, warnings: [] });
    const grey = await client.post('/api/generate-qrcode', { qrType: 'url', url: 'https://example.com/menu', foregroundColor: '#7a7a7a' });
    expect(grey.body.scannability.warnings).toEqual([
      { code: 'low-contrast', field: 'fgColor', message: expect.stringMatching(/^The QR colour #7a7a7a is close to the background/) },
    ]);
    const all = await testEvents(app.app).store.readAll({});
    expect(all.filter((e) => e.type.startsWith('Qr'))).toEqual([]);
  });

  it('POST /api/generate-qrcode refuses the spec messages and the account-only features for anonymous users', async () => {
    const client = new TestClient(app.url);
    expect((await client.post('/api/generate-qrcode', { qrType: 'url', url: '' })).body).toMatchObject({
      message: 'URL is required',
      errors: { url: 'URL is required' },
    });
    expect((await client.post('/api/generate-qrcode', { qrType: 'url', url: 'ftp://x.example' })).body.message).toBe(
      'URL must use http or https protocol',
    );
    expect((await client.post('/api/generate-qrcode', { qrType: 'contact', firstName: 'Ann' })).body.errors).toMatchObject({
      phoneNumber: 'Phone number is required',
    });
    const gradient = await client.post('/api/generate-qrcode', { qrType: 'url', url: 'https://a.example', gradientColor: '#ff00ff' });
    expect(gradient.status).toBe(403);
    expect(gradient.body.message).toBe('Second color requires an account! Sign up for free to unlock advanced color options.');
    expect((await client.post('/api/generate-qrcode', { qrType: 'url', url: 'https://a.example', logoFile: 'instagram.svg' })).status).toBe(
      403,
    );
    expect((await client.post('/api/generate-qrcode', { qrType: 'pdf', title: 'Menu' })).body.message).toBe(
      'Please sign in or create an account to access this functionality.',
    );
    const lowContrast = await client.post('/api/generate-qrcode', { qrType: 'url', url: 'https://a.example', foregroundColor: '#FEFEFE' });
    expect(lowContrast.status).toBe(400);
    const tooBig = await client.post('/api/generate-qrcode', {
      qrType: 'contact',
      firstName: 'A',
      phoneNumber: '1',
      notes: 'x'.repeat(1999) + '\u{1F600}'.repeat(0),
    });
    expect([200, 400]).toContain(tooBig.status);
  });

  it('signed-in users may use the second colour on generate', async () => {
    const client = new TestClient(app.url);
    await signUp(client);
    const res = await client.post('/api/generate-qrcode', { qrType: 'url', url: 'https://a.example', gradientColor: '#ff00ff' });
    expect(res.status).toBe(200);
  });

  it('POST /api/qrcodes (multipart with logoFile) saves a static code; GET /api/qrcodes lists it newest first', async () => {
    const client = new TestClient(app.url);
    expect((await client.get('/api/qrcodes')).status).toBe(401);
    await signUp(client);
    const first = await postMultipart(
      client,
      '/api/qrcodes',
      {
        qrType: 'url',
        url: 'https://first.example',
        foregroundColor: '#000000',
        backgroundColor: '#FFFFFF',
        qrMode: 'static',
        enableFrame: 'true',
        frameText: 'MENU',
      },
      [{ name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data: PNG_1x1 }],
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      qrType: 'url',
      qrMode: 'static',
      url: 'https://first.example',
      enableFrame: true,
      frameText: 'MENU',
      logoFileName: 'logo.png',
      errorCorrectionLevel: 'H',
      content: 'https://first.example',
    });
    expect(first.body.logoFilePath).toMatch(/^\/logo\/[0-9a-f-]{36}$/);
    const second = await postMultipart(client, '/api/qrcodes', {
      qrType: 'payment',
      productName: 'Coffee',
      productPrice: '3.50',
      productDescription: 'A cup',
      fgColor: '#123456',
      bgColor: '#FFFFFF',
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ qrType: 'payment', productPrice: 350, fgColor: '#123456' });
    expect(second.body.content).toBe(`http://localhost:3000/payment?id=${second.body.id}`);
    const list = await client.get('/api/qrcodes');
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([second.body.id, first.body.id]);

    const product = await client.get(`/api/payment-product/${second.body.id}`);
    expect(product.body).toEqual({ id: second.body.id, productName: 'Coffee', productDescription: 'A cup', productPrice: 350 });
    expect((await client.get('/api/payment-product/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const logo = await client.get(first.body.logoFilePath);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');

    const removed = await client.delete(`/api/qrcodes/${first.body.id}`);
    expect(removed.status).toBe(200);
    expect((await client.get('/api/qrcodes')).body.map((c: { id: string }) => c.id)).toEqual([second.body.id]);
    expect((await client.delete(`/api/qrcodes/${first.body.id}`)).status).toBe(404);
  });

  it('GET /api/subdomain-info reads the Host', async () => {
    const client = new TestClient(app.url);
    expect((await client.get('/api/subdomain-info')).body).toEqual({ isSubdomain: false, qrType: null, subdomain: null });
    expect((await client.get('/api/subdomain-info', { host: 'menu.localhost' })).body).toEqual({
      isSubdomain: true,
      qrType: 'pdf',
      subdomain: 'menu',
    });
  });

  it('POST /api/track-generation records a QrGenerated event with a hashed IP', async () => {
    const client = new TestClient(app.url);
    const res = await client.post(
      '/api/track-generation',
      {
        qrCodeId: null,
        qrData: 'https://a.example',
        qrType: 'url',
        foregroundColor: '#000000',
        backgroundColor: '#FFFFFF',
        hasLogo: false,
        sessionId: 'anon_1700000000000_abc',
      },
      { headers: { 'user-agent': 'jest', referer: `${app.url}/` } },
    );
    expect(res.status).toBe(201);
    const [event] = await testEvents(app.app).store.readStream('tracking-1-anon_1700000000000_abc');
    expect(event.type).toBe('QrGenerated');
    if (!TRACKING_EVENTS.has(event)) throw new Error(`${event.type} is not a tracking event`);
    expect(event.data).toMatchObject({
      qrCodeId: null,
      userId: null,
      sessionId: 'anon_1700000000000_abc',
      qrType: 'url',
      qrContent: 'https://a.example',
      userAgent: 'jest',
      referrer: `${app.url}/`,
      hasLogo: false,
    });
    expect(event.data.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(event.data)).not.toContain('ip');
    expect(Object.keys(event.data)).not.toContain('ipAddress');
  });

  it('POST /api/track-download answers the stored event; GET /api/qrcodes/{id}/download records one QrDownloaded per file', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    const store = testEvents(app.app).store;
    const saved = await client.post('/api/track-download', { qrType: 'url', qrData: 'https://dl.example', downloadType: 'svg' });
    expect(saved.status).toBe(201);
    const [browserFile] = await store.readStream(`tracking-1-user_${user.id}`);
    expect(saved.body).toEqual({ tracked: true, id: browserFile.id });
    expect([browserFile.type, browserFile.metadata.actorId, browserFile.data]).toEqual([
      'QrDownloaded',
      user.id,
      expect.objectContaining({ userId: user.id, qrCodeId: null, qrContent: 'https://dl.example', downloadType: 'svg' }),
    ]);

    const code = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://printed.example' });
    expect(code.status).toBe(201);
    for (const format of ['svg', 'png'])
      expect((await client.get(`/api/qrcodes/${code.body.id}/download?format=${format}`)).status).toBe(200);
    const files = await store.readStream(`tracking-1-${code.body.id}`);
    expect(TRACKING_EVENTS.among(files).map((event) => [event.type, event.metadata.actorId, event.data.downloadType])).toEqual([
      ['QrDownloaded', user.id, 'svg'],
      ['QrDownloaded', user.id, 'png'],
    ]);
  });
});
