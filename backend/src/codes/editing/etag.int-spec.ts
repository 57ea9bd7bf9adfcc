import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { grantRole, signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';

/** Answers about one code carry its version as a strong ETag; sending it back as If-Match refuses stale writes with 412. */
describe('ETag and If-Match on a code', () => {
  let app: TestApp;
  let client: TestClient;
  let support: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
    await signUp(client);
    support = new TestClient(app.url);
    await grantRole(app, (await signUp(support, 'support-etag@example.com')).id, 'support');
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

  it('every answer that returns one code carries its version as ETag: dashboard edit view, staff console, suspensions', async () => {
    const created = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://etag.example/edit' });
    const id = String(created.body.id);
    // What react-admin's edit view loads: the version the projection holds, as the ETag a save sends back.
    const loaded = await client.get(`/api/dashboard/codes/${id}`);
    expect(loaded.status).toBe(200);
    expect(loaded.headers.etag).toBe(`"${loaded.body.version}"`);
    const saved = await client.put(
      `/api/dynamic-qrcodes/${id}`,
      { destination: 'https://etag.example/edited' },
      { headers: { 'if-match': String(loaded.headers.etag) } },
    );
    expect(saved.status).toBe(200);
    const reloaded = await until(async () => {
      const answer = await client.get(`/api/dashboard/codes/${id}`);
      return answer.body.destination === 'https://etag.example/edited' && answer;
    }, 'the edit in the dashboard read model');
    expect(reloaded.headers.etag).toBe(saved.headers.etag);
    expect(reloaded.headers.etag).toBe(`"${loaded.body.version + 1}"`);
    // A stale ETag from the edit view is refused; a static code's answer carries one too; a missing code carries none.
    const stale = await client.put(`/api/dynamic-qrcodes/${id}`, { name: 'x' }, { headers: { 'if-match': String(loaded.headers.etag) } });
    expect(stale.status).toBe(412);
    const made = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://etag.example/static-edit' });
    expect((await client.get(`/api/dashboard/codes/${made.body.id}`)).headers.etag).toBe('"0"');
    const missing = await client.get('/api/dashboard/codes/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();

    // The staff console's code, and the answers of suspending and lifting (each one event on the code's stream).
    const staffView = await until(async () => {
      const answer = await support.get(`/api/admin/codes/${id}`);
      return answer.headers.etag === reloaded.headers.etag && answer;
    }, 'the edit in the staff console read model');
    expect(staffView.status).toBe(200);
    const suspended = await support.post(`/api/admin/codes/${id}/suspension`, { reason: 'Phishing reported' });
    expect(suspended.status).toBe(201);
    expect(suspended.headers.etag).toBe(`"${loaded.body.version + 2}"`);
    const lifted = await support.delete(`/api/admin/codes/${id}/suspension`);
    expect(lifted.headers.etag).toBe(`"${loaded.body.version + 3}"`);
    await until(
      async () => (await client.get(`/api/dashboard/codes/${id}`)).headers.etag === lifted.headers.etag,
      'the lifted suspension in the dashboard read model',
    );
    const lastStaff = await until(async () => {
      const answer = await support.get(`/api/admin/codes/${id}`);
      return answer.body.isSuspended === false && answer.headers.etag === lifted.headers.etag && answer;
    }, 'the lifted suspension in the staff console read model');
    expect(lastStaff.headers.etag).toBe(`"${loaded.body.version + 3}"`);
  });
});
