import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { postMultipart } from './codes.test-kit';

/** Answers about one code carry its version as a strong ETag; sending it back as If-Match refuses stale writes with 412. */
describe('ETag and If-Match on a code', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
    await signUp(client);
  });
  afterAll(() => app.close());

  it(
    'create -> ETag; PUT with If-Match of that ETag succeeds with the next ETag; the same old ETag again is 412 and changes ' + 'nothing',
    async () => {
      const created = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://etag.example/one' });
      expect(created.status).toBe(201);
      const etag = created.headers.etag;
      expect(etag).toBe(`"${created.body.version}"`);

      const first = await client.put(
        `/api/dynamic-qrcodes/${created.body.id}`,
        { destination: 'https://etag.example/two' },
        { headers: { 'if-match': String(etag) } },
      );
      expect(first.status).toBe(200);
      expect(first.headers.etag).toBe(`"${created.body.version + 1}"`);

      const again = await client.put(
        `/api/dynamic-qrcodes/${created.body.id}`,
        { destination: 'https://etag.example/three' },
        { headers: { 'if-match': String(etag) } },
      );
      expect(again.status).toBe(412);
      expect(again.body).toMatchObject({ code: 'stale', message: 'This QR code was changed since you loaded it. Reload and try again.' });
      expect((await client.get(`/api/qrcodes/${created.body.id}/history`)).body).toHaveLength(2);

      // The same for pause (a stale one is 412) and for a static code's PUT; the body's expectedVersion stays 409.
      expect(
        (await client.post(`/api/dynamic-qrcodes/${created.body.id}/pause`, undefined, { headers: { 'if-match': String(etag) } })).status,
      ).toBe(412);
      const paused = await client.post(`/api/dynamic-qrcodes/${created.body.id}/pause`, undefined, {
        headers: { 'if-match': String(first.headers.etag) },
      });
      expect(paused.status).toBe(200);
      expect(paused.headers.etag).toBe(`"${created.body.version + 2}"`);
      const made = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://etag.example/static' });
      expect(made.headers.etag).toBe('"0"');
      expect(
        (await client.put(`/api/qrcodes/${made.body.id}`, { fgColor: '#123456' }, { headers: { 'if-match': '"0"' } })).headers.etag,
      ).toBe('"1"');
      expect((await client.put(`/api/qrcodes/${made.body.id}`, { fgColor: '#654321' }, { headers: { 'if-match': '"0"' } })).status).toBe(
        412,
      );
      expect((await client.put(`/api/qrcodes/${made.body.id}`, { fgColor: '#654321', expectedVersion: 0 })).status).toBe(409);
      // A weak or malformed tag names no version of the code: 400, nothing changed.
      expect((await client.put(`/api/qrcodes/${made.body.id}`, { fgColor: '#654321' }, { headers: { 'if-match': 'W/"1"' } })).status).toBe(
        400,
      );
    },
  );
});
