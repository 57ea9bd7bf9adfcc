import type { EventStore } from '../../event-store/event-store';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';
import { QR_EVENTS } from '../model/qr-code.events';

/** PUT and DELETE /api/dynamic-qrcodes/{id}/password (issue 15): owner only, the DTO says hasPassword, never the hash. */
describe('setting and removing the password of a dynamic code', () => {
  let app: TestApp;
  let owner: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    other = new TestClient(app.url);
    await signUp(other);
  });
  // A fresh owner per test: the free plan's cap of dynamic codes is small.
  beforeEach(async () => {
    owner = new TestClient(app.url);
    await signUp(owner);
  });
  afterAll(() => app.close());

  const dynamicCode = async (client = owner) => {
    const created = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://password.example/menu' });
    expect(created.status).toBe(201);
    return created.body as { id: string; version: number; hasPassword: boolean };
  };

  it('the owner sets a password (hasPassword true, a new ETag, the hash nowhere), lists show it, and removes it again', async () => {
    const code = await dynamicCode();
    expect(code.hasPassword).toBe(false);
    const set = await owner.put(`/api/dynamic-qrcodes/${code.id}/password`, { password: 'open sesame' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: code.id, hasPassword: true, version: code.version + 1 });
    expect(set.headers.etag).toBe(`"${code.version + 1}"`);
    expect(set.text).not.toMatch(/argon2|open sesame|passwordHash/);

    const list = await owner.get('/api/dynamic-qrcodes');
    expect(list.body.find((row: { id: string }) => row.id === code.id)).toMatchObject({ hasPassword: true });
    expect(list.text).not.toContain('argon2');
    const history = await owner.get(`/api/qrcodes/${code.id}/history`);
    expect(history.body.map((entry: { summary: string }) => entry.summary)).toContain('Password set');
    expect(history.text).not.toContain('argon2');
    // The event holds the argon2id hash, never the password.
    const events = await app.app.get<EventStore>(EVENT_STORE).readStream(`qr-${code.id}`);
    const [stored] = QR_EVENTS.pick('QrPasswordSet').among(events);
    expect(stored.data.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain('open sesame');

    const removed = await owner.delete(`/api/dynamic-qrcodes/${code.id}/password`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: code.id, hasPassword: false, version: code.version + 2 });
    // Removing again records nothing: same version.
    const again = await owner.delete(`/api/dynamic-qrcodes/${code.id}/password`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ hasPassword: false, version: code.version + 2 });
    expect(await app.app.get<EventStore>(EVENT_STORE).readStream(`qr-${code.id}`)).toHaveLength(events.length + 1);
  });

  it('another user, a static code, an unknown or malformed id: 404 and nothing recorded; signed out: 401', async () => {
    const code = await dynamicCode();
    for (const call of [
      () => other.put(`/api/dynamic-qrcodes/${code.id}/password`, { password: 'open sesame' }),
      () => other.delete(`/api/dynamic-qrcodes/${code.id}/password`),
      () => owner.put('/api/dynamic-qrcodes/00000000-0000-4000-8000-000000000000/password', { password: 'open sesame' }),
      () => owner.put('/api/dynamic-qrcodes/not-a-uuid/password', { password: 'open sesame' }),
      () => owner.delete('/api/dynamic-qrcodes/1%27%20OR%201=1/password'),
    ]) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'QR code not found' });
    }
    const made = await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://password.example/static' });
    expect((await owner.put(`/api/dynamic-qrcodes/${made.body.id}/password`, { password: 'open sesame' })).status).toBe(404);
    expect((await new TestClient(app.url).put(`/api/dynamic-qrcodes/${code.id}/password`, { password: 'open sesame' })).status).toBe(401);
    expect(await app.app.get<EventStore>(EVENT_STORE).readStream(`qr-${code.id}`)).toHaveLength(1);
  });

  it('bad passwords: 400 with a message for the field, nothing recorded', async () => {
    const code = await dynamicCode();
    const cases: [unknown, string][] = [
      [{ password: 'abc' }, 'Password must be at least 4 characters'],
      [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ password: 'abc\u0007defg' }, 'Password contains characters that are not allowed'],
      [{ password: 12345 }, 'Password is required'],
      [{}, 'Password is required'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.put(`/api/dynamic-qrcodes/${code.id}/password`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(res.body.errors).toMatchObject({ password: expect.anything() });
    }
    expect(
      (await owner.put(`/api/dynamic-qrcodes/${code.id}/password`, '{"password":', { headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
    expect(await app.app.get<EventStore>(EVENT_STORE).readStream(`qr-${code.id}`)).toHaveLength(1);
  });

  it('a stale If-Match is 412 and changes nothing; the current ETag succeeds', async () => {
    const code = await dynamicCode();
    const stale = `"${code.version}"`;
    const first = await owner.put(
      `/api/dynamic-qrcodes/${code.id}/password`,
      { password: 'first one' },
      { headers: { 'if-match': stale } },
    );
    expect(first.status).toBe(200);
    const second = await owner.put(
      `/api/dynamic-qrcodes/${code.id}/password`,
      { password: 'second one' },
      { headers: { 'if-match': stale } },
    );
    expect(second.status).toBe(412);
    expect((await owner.delete(`/api/dynamic-qrcodes/${code.id}/password`, { headers: { 'if-match': stale } })).status).toBe(412);
    expect(await app.app.get<EventStore>(EVENT_STORE).readStream(`qr-${code.id}`)).toHaveLength(2);
    const removed = await owner.delete(`/api/dynamic-qrcodes/${code.id}/password`, { headers: { 'if-match': String(first.headers.etag) } });
    expect(removed.status).toBe(200);
    expect(removed.body.hasPassword).toBe(false);
  });
});
