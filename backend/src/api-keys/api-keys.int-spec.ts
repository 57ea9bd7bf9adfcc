import { DataSource } from 'typeorm';
import { API_KEYS_PROJECTION } from './api-keys.projection';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection } from '../projections/rebuild';
import { AUDIT_PROJECTION } from '../staff';
import { TestClient } from '../test-support/http';
import { appRoutes } from '../test-support/routes';
import { createTenants } from '../test-support/tenants';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { apiKeysStream } from './api-key.events';
import { INVALID_KEY, KEYS_REFUSED, missingScope } from './api-key.guard';
import { tooManyKeys } from './api-key';

const LIMIT = 60;
const bearer = (key: string, extra: Record<string, string> = {}) => ({ headers: { authorization: `Bearer ${key}`, ...extra } });

/**
 * Issue 34: API keys made, listed and revoked by their owner, and every owner route called with one instead of a
 * cookie: within the key's scopes only, never a staff route, 401 the moment a key is revoked, and 429 past its limit.
 */
describe('API keys', () => {
  let app: TestApp;
  let owner: TestClient;
  let ownerId: string;
  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test', API_KEYS_PER_USER: '4', API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    await createTenants(app.app, [{ clientId: 2 }]);
    owner = new TestClient(app.url, { host: 'qrsharks.test' });
    ownerId = (await signUp(owner)).id;
  });
  afterAll(() => app?.close());

  const makeKey = async (scopes: string[], client = owner, name = 'script') => {
    const res = await client.post('/api/api-keys', { name, scopes });
    if (res.status !== 201) throw new Error(`POST /api/api-keys: ${res.status} ${res.text}`);
    return res.body as { id: string; key: string; prefix: string; name: string; scopes: string[]; createdAt: string };
  };
  /** A client with no cookie jar in use, on the owner's tenant's host. */
  const script = () => new TestClient(app.url, { host: 'qrsharks.test' });

  it('answers a key once, lists keys without it, keeps only its hash, audits create and revoke without it', async () => {
    const res = await owner.post('/api/api-keys', { name: ' CI deploys ', scopes: ['codes:write', 'codes:read'] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'CI deploys',
      scopes: ['codes:read', 'codes:write'],
      prefix: res.body.key.slice(0, 17),
      key: expect.stringMatching(/^qrs_live_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
    });
    const { id, key } = res.body as { id: string; key: string };
    const list = await owner.get('/api/api-keys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id, name: 'CI deploys', prefix: key.slice(0, 17), lastUsedAt: null, revokedAt: null }),
    ]);
    expect(list.text).not.toContain(key);

    const stored = await app.app.get<EventStore>(EVENT_STORE).readStream(apiKeysStream(ownerId));
    const recorded = JSON.stringify(stored.map((event) => event.data));
    expect(recorded).not.toContain(key);
    expect(recorded).toContain((stored[0].data as { keyHash: string }).keyHash);

    expect((await owner.delete(`/api/api-keys/${id}`)).status).toBe(204);
    expect((await owner.delete(`/api/api-keys/${id}`)).status).toBe(204);
    expect((await owner.delete('/api/api-keys/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await owner.get('/api/api-keys')).body).toEqual([expect.objectContaining({ id, revokedAt: expect.any(String) })]);

    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    await app.app.get(ProjectionsService).waitFor(head!, [AUDIT_PROJECTION]);
    const audit = (await app.db
      .pool()
      .query(`SELECT summary, data FROM audit_events WHERE stream_id = $1 ORDER BY position`, [apiKeysStream(ownerId)])) as {
      rows: { summary: string; data: { keyHash: string } }[];
    };
    expect(audit.rows.map((row) => row.summary)).toEqual([
      `created the API key "CI deploys" (${key.slice(0, 17)}…) with codes:read, codes:write`,
      `revoked the API key "CI deploys" (${key.slice(0, 17)}…)`,
    ]);
    expect(audit.rows[0].data.keyHash).toBe('(hidden)');
    const hash = (stored[0].data as { keyHash: string }).keyHash;
    expect(JSON.stringify(audit.rows)).not.toContain(hash);
    expect(JSON.stringify(audit.rows)).not.toContain(key);
  });

  it('refuses bad input and more keys than API_KEYS_PER_USER (revoked keys do not count)', async () => {
    const other = new TestClient(app.url, { host: 'qrsharks.test' });
    await signUp(other);
    expect((await other.post('/api/api-keys', { name: 'x', scopes: [] })).status).toBe(400);
    expect((await other.post('/api/api-keys', { name: 'x', scopes: ['admin'] })).status).toBe(400);
    expect((await other.post('/api/api-keys', { name: '', scopes: ['codes:read'] })).status).toBe(400);
    const keys = [];
    for (let i = 0; i < 4; i++) keys.push(await makeKey(['codes:read'], other));
    const fifth = await other.post('/api/api-keys', { name: 'fifth', scopes: ['codes:read'] });
    expect(fifth.status).toBe(409);
    expect(fifth.body.message).toBe(tooManyKeys(4));
    expect((await other.delete(`/api/api-keys/${keys[0].id}`)).status).toBe(204);
    await makeKey(['codes:read'], other);
    expect((await new TestClient(app.url).get('/api/api-keys')).status).toBe(401);
  });

  it('a key creates and lists codes without a cookie, from any Origin, and acts for its owner only', async () => {
    const { key, id } = await makeKey(['codes:read', 'codes:write']);
    const client = script();
    const created = await client.post(
      '/api/qrcodes',
      { qrType: 'text', text: 'made by a script' },
      bearer(key, { origin: 'https://elsewhere.example' }),
    );
    expect(created.status).toBe(201);
    expect(created.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(client.cookies.size).toBe(0);
    const listed = await client.get('/api/qrcodes', bearer(key));
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(created.body.id);
    // The owner sees the code in their own session: the key acted for them.
    expect(JSON.stringify((await owner.get('/api/qrcodes')).body)).toContain(created.body.id);
    // last used, written at most once a minute
    const used = async () =>
      ((await owner.get('/api/api-keys')).body as { id: string; lastUsedAt: string | null }[]).find((k) => k.id === id);
    await until(async () => (await used())?.lastUsedAt, 'the key to show when it was last used');
  });

  it('a scope the key lacks is 403 naming it; routes outside the table and every staff route refuse keys', async () => {
    await grantRole(app, ownerId, 'admin');
    const { key } = await makeKey(['codes:read']);
    const client = script();
    const write = await client.post('/api/qrcodes', { qrType: 'text', text: 'nope' }, bearer(key));
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(missingScope('codes:write'));
    const analytics = await client.get('/api/user-analytics', bearer(key));
    expect(analytics.status).toBe(403);
    expect(analytics.body.message).toBe(missingScope('analytics:read'));
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['POST', '/api/change-password'],
      ['POST', '/api/billing/checkout'],
    ]) {
      const res = await client.request(method, path, { ...bearer(key), body: method === 'POST' ? {} : undefined });
      expect({ method, path, status: res.status, message: res.body?.message }).toEqual({
        method,
        path,
        status: 403,
        message: KEYS_REFUSED,
      });
    }
    // Every staff route, called with a key of an admin: 403 (the owner's session would pass).
    const staff = appRoutes(app).filter((route) => /^\/api\/(admin|white-label\/clients|newsletter\/|send-)/.test(route.path));
    expect(staff.length).toBeGreaterThan(30);
    expect((await owner.get('/api/admin/users')).status).toBe(200);
    const { key: everything } = await makeKey(['codes:read', 'codes:write', 'analytics:read', 'webhooks:write']);
    const answers = [];
    for (const route of staff) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '1' : name === 'role' ? 'support' : 'x'));
      const res = await client.request(route.method, path, { ...bearer(everything), body: route.method === 'GET' ? undefined : {} });
      answers.push(`${route.method} ${route.path} ${res.status}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 403'))).toEqual([]);
  });

  it('401 with one message for an unknown, malformed, revoked or other-tenant key, and never falls back to the cookie', async () => {
    const me = new TestClient(app.url, { host: 'qrsharks.test' });
    await signUp(me);
    const { key, id } = await makeKey(['codes:read'], me);
    const client = script();
    expect((await client.get('/api/qrcodes', bearer(key))).status).toBe(200);
    const refusals = [
      await client.get('/api/qrcodes', bearer(`qrs_live_${'A'.repeat(43)}`)),
      await client.get('/api/qrcodes', bearer('nonsense')),
      await client.get('/api/qrcodes', { headers: { authorization: 'Bearer' } }),
      await client.get('/api/qrcodes', { ...bearer(key), host: 'acme.qrsharks.test' }),
      // The owner's own session cookie with a wrong key: the key decides, not the cookie.
      await me.get('/api/qrcodes', bearer(`qrs_live_${'B'.repeat(43)}`)),
    ];
    expect(refusals.map((res) => [res.status, res.body.message, res.headers['www-authenticate']])).toEqual(
      refusals.map(() => [401, INVALID_KEY, 'Bearer']),
    );

    // Revoked at once, even while the api_keys read model lags behind the revocation.
    const projections = app.app.get(ProjectionsService);
    const pipeline = app.app.get(CommandPipeline);
    pipeline.setWaitBound(100);
    await projections.pause(API_KEYS_PROJECTION);
    try {
      expect((await me.delete(`/api/api-keys/${id}`)).status).toBe(204);
      const after = await client.get('/api/qrcodes', bearer(key));
      expect([after.status, after.body.message]).toEqual([401, INVALID_KEY]);
    } finally {
      projections.resume(API_KEYS_PROJECTION);
      pipeline.setWaitBound(5000);
    }
  });

  it("a deleted account's keys are deleted with it: 401 at once, no row, no hash, no last use; a rebuild agrees", async () => {
    const leaver = new TestClient(app.url, { host: 'qrsharks.test' });
    const { id: leaverId } = await signUp(leaver);
    const stayer = new TestClient(app.url, { host: 'qrsharks.test' });
    await signUp(stayer);
    const kept = await makeKey(['codes:read'], stayer);
    const { key, id } = await makeKey(['codes:read', 'codes:write'], leaver, 'deploys');
    await until(async () => (await script().get('/api/qrcodes', bearer(key))).status === 200, 'the new key to open the door');
    const db = app.app.get(DataSource);
    await until(
      async () => ((await db.query('SELECT 1 FROM api_key_usage WHERE key_id = $1', [id])) as unknown[]).length === 1,
      'last use',
    );

    expect((await leaver.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    // The deletion's answer waits for the api_keys projection (ACCOUNT_CONTENT): the rows are gone when it answers.
    expect(await db.query('SELECT id FROM api_keys WHERE owner_id = $1', [leaverId])).toEqual([]);
    expect(await db.query('SELECT key_id FROM api_key_usage WHERE key_id = $1', [id])).toEqual([]);
    const after = await script().get('/api/qrcodes', bearer(key));
    expect([after.status, after.body.message]).toEqual([401, INVALID_KEY]);
    // Another owner's key is untouched, and a rebuild from the events ends the same.
    expect((await script().get('/api/qrcodes', bearer(kept.key))).status).toBe(200);
    const projections = app.app.get(ProjectionsService);
    await rebuildProjection(projections.get(API_KEYS_PROJECTION)!, app.app.get<EventStore>(EVENT_STORE), db);
    expect(await db.query('SELECT id FROM api_keys WHERE owner_id = $1', [leaverId])).toEqual([]);
    expect(await db.query('SELECT id FROM api_keys WHERE id = $1', [kept.id])).toEqual([{ id: kept.id }]);
  });

  it('429 past the per-key limit, with Retry-After and RateLimit headers; another key is not affected', async () => {
    const me = new TestClient(app.url, { host: 'qrsharks.test' });
    await signUp(me);
    const { key } = await makeKey(['codes:read'], me);
    const client = script();
    const statuses: number[] = [];
    let last = await client.get('/api/qrcodes', bearer(key));
    statuses.push(last.status);
    expect(last.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    for (let i = 1; i <= LIMIT; i++) {
      last = await client.get('/api/qrcodes', bearer(key));
      statuses.push(last.status);
    }
    expect(statuses.filter((status) => status === 200).length).toBe(LIMIT);
    expect(statuses[LIMIT]).toBe(429);
    expect(last.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(last.headers['ratelimit-remaining']).toBe('0');
    const reset = Number(last.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(last.headers['retry-after']).toBe(String(reset));
    const { key: fresh } = await makeKey(['codes:read'], me, 'another');
    expect((await client.get('/api/qrcodes', bearer(fresh))).status).toBe(200);
  });
});
