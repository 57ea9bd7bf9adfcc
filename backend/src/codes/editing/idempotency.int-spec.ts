import { DataSource } from 'typeorm';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';
import { PNG_1x1, postMultipart } from '../codes.test-kit';
import { until } from '../../test-support/until';

describe('no accidental saves, downloads counted once, pages on any host', () => {
  let app: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    client = new TestClient(app.url);
    const user = await signUp(client);
    userId = user.id;
    expect((await client.post('/api/activate-trial', { email: user.email })).status).toBe(200);
  });
  afterAll(() => app.close());

  const count = async (table: 'qr_codes' | 'dynamic_qr_codes') =>
    (
      (await app.app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1 AND NOT is_deleted`, [userId])) as {
        n: number;
      }[]
    )[0].n;

  it('Idempotency-Key: the same key twice makes one dynamic code and answers it twice (201, same id); two keys make two', async () => {
    const before = await count('dynamic_qr_codes');
    const form = { qrType: 'url', destination: 'https://same.example/menu' };
    const key = { 'idempotency-key': 'attempt-1' };
    const [first, second] = await Promise.all([
      postMultipart(client, '/api/dynamic-qrcodes', form, [], 'POST', key),
      postMultipart(client, '/api/dynamic-qrcodes', form, [], 'POST', key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.shortCode).toBe(first.body.shortCode);
    const retry = await postMultipart(client, '/api/dynamic-qrcodes', form, [], 'POST', key);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(await count('dynamic_qr_codes')).toBe(before + 1);
    // One slot taken: the trial's count moved by one.
    const another = await postMultipart(client, '/api/dynamic-qrcodes', form, [], 'POST', { 'idempotency-key': 'attempt-2' });
    expect(another.status).toBe(201);
    expect(another.body.id).not.toBe(first.body.id);
    expect(await count('dynamic_qr_codes')).toBe(before + 2);
  });

  it('a static code with a logo: a retry stores nothing new; the same key with a different request is 409; a bad key is 400', async () => {
    const before = await count('qr_codes');
    const form = { qrType: 'text', text: 'Hello', fgColor: '#112233' };
    const logo = [{ name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data: PNG_1x1 }];
    const key = { 'idempotency-key': 'static-attempt' };
    const first = await postMultipart(client, '/api/qrcodes', form, logo, 'POST', key);
    expect(first.status).toBe(201);
    const again = await postMultipart(client, '/api/qrcodes', form, logo, 'POST', key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const changed = await postMultipart(client, '/api/qrcodes', { ...form, text: 'Goodbye' }, logo, 'POST', key);
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('This Idempotency-Key was already used for a different QR code');
    expect(await count('qr_codes')).toBe(before + 1);
    // Without a key two identical requests are two codes, as a person making two on purpose expects.
    expect((await postMultipart(client, '/api/qrcodes', form)).status).toBe(201);
    expect((await postMultipart(client, '/api/qrcodes', form)).status).toBe(201);
    expect(await count('qr_codes')).toBe(before + 3);
    for (const malformed of ['has space', 'x'.repeat(256), ' ']) {
      const bad = await postMultipart(client, '/api/qrcodes', form, [], 'POST', { 'idempotency-key': malformed });
      const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
      expect([bad.status, bad.body.message, bad.body.errors]).toEqual([400, message, { idempotencyKey: message }]);
    }
    expect(await count('qr_codes')).toBe(before + 3);
    // Another user's identical key is another code.
    const other = new TestClient(app.url);
    await signUp(other);
    const theirs = await postMultipart(other, '/api/qrcodes', form, logo, 'POST', key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  it('POST /api/track-download: N browser downloads count N in /api/user-analytics; the server download route counts its own', async () => {
    const user = new TestClient(app.url);
    await signUp(user);
    const code = await postMultipart(user, '/api/qrcodes', { qrType: 'url', url: 'https://counted.example' });
    const report = {
      qrType: 'url',
      qrCodeId: code.body.id,
      qrData: 'https://counted.example',
      sessionId: 'session-1',
      downloadType: 'png',
    };
    for (let i = 0; i < 3; i += 1) expect((await user.post('/api/track-download', report)).status).toBe(201);
    expect((await user.post('/api/track-download', { ...report, downloadType: 'gif' })).status).toBe(400);
    expect((await user.get(`/api/qrcodes/${code.body.id}/download?format=svg`)).status).toBe(200);
    const total = await until(async () => {
      const downloads = (await user.get('/api/user-analytics')).body.overview.totalDownloads as number;
      return downloads >= 4 && downloads;
    }, 'four downloads counted');
    expect(total).toBe(4);
    // Anonymous visitors are counted too (no user to report them to).
    expect((await new TestClient(app.url).post('/api/track-download', { ...report, qrCodeId: null })).status).toBe(201);
  });

  it("a tenant's upload codes encode the tenant's origin; its gallery links files by same-origin paths", async () => {
    const admin = new TestClient(app.url);
    await grantRole(app, (await signUp(admin)).id, 'admin');
    expect((await admin.post('/api/white-label/clients', { name: 'Gallery Brand', subdomain: 'gallery' })).status).toBe(201);
    const host = 'gallery.qrsharks.test';
    const tenantUser = new TestClient(app.url, { host });
    const tenantAccount = await signUp(tenantUser);
    expect((await tenantUser.post('/api/activate-trial', { email: tenantAccount.email })).status).toBe(200);
    const upload = await postMultipart(tenantUser, '/api/upload-image', { imageTitle: 'Garden' }, [
      { name: 'imageFile', filename: 'garden.png', contentType: 'image/png', data: PNG_1x1 },
    ]);
    expect(upload.status).toBe(201);
    const origin = `http://${host}:3000`;
    const dynamic = await postMultipart(tenantUser, '/api/dynamic-qrcodes', {
      qrType: 'images',
      title: 'Garden',
      imageUrl: upload.body.imageUrl,
      // What a generator opened on another host would send: the server decides by the tenant instead.
      destination: `http://localhost:3000/images/${upload.body.id}`,
    });
    expect(dynamic.status).toBe(201);
    expect(dynamic.body.destination).toBe(`${origin}/images/${upload.body.id}`);
    const page = await tenantUser.get(`/images/${upload.body.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<img src="${upload.body.imageUrl}"`);
    expect(page.text).not.toMatch(/https?:\/\/[^"]*\/uploads\//);
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
  });
});
