import { DataSource } from 'typeorm';
import { bootstrap, type RunningApp } from '../bootstrap';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { letTimePass, until } from '../test-support/until';
import { grantRole, signUp } from '../test-support/users';
import { BROWSER_UA, createCodeByEvents } from '../scans/scan-fixtures';
import { createTenants } from '../test-support/tenants';

/**
 * Operations in the staff console (issue 19) in the deployment's shape: an `api` process answers HTTP and a separate
 * `worker` process runs the projections and carries out the rebuilds the console records.
 */
describe('operations (/api/admin/projections, projection-rebuilds, dead-letters, scan-pipeline): api + worker', () => {
  const MAIN = 'qrsharks.test';
  let api: TestApp;
  let worker: RunningApp | null = null;
  let admin: TestClient;
  let support: TestClient;
  let plain: TestClient;
  let plainId: string;

  const startWorker = async () => {
    worker = await bootstrap({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ROLE: 'worker',
      BASE_DOMAIN: MAIN,
      DATABASE_URL: api.db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      UPLOAD_DIR: `/tmp/qrs-test-uploads/${api.db.name}`,
      MAIL_OUTBOX_DIR: `/tmp/qrs-test-outbox/${api.db.name}`,
    });
  };
  const db = () => api.app.get(DataSource);

  async function settled(): Promise<void> {
    const head = await api.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) expect(await api.app.get(ProjectionsService).waitFor(head, undefined, 15_000)).toBe(true);
  }

  /** Every row of a table, in a stable order, as one text (what 'the same tables after' compares). */
  async function tableText(table: string): Promise<string> {
    const [row] = (await db().query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t`,
    )) as {
      n: number;
      h: string;
    }[];
    return `${row.n}:${row.h}`;
  }

  beforeAll(async () => {
    api = await startTestApp({ BASE_DOMAIN: MAIN, ROLE: 'api' });
    await startWorker();
    admin = new TestClient(api.url, { host: MAIN });
    const adminUser = await signUp(admin, 'ops-admin@example.com');
    support = new TestClient(api.url, { host: MAIN });
    const supportUser = await signUp(support, 'ops-support@example.com');
    plain = new TestClient(api.url, { host: MAIN });
    plainId = (await signUp(plain, 'ops-plain@example.com')).id;
    await grantRole(api, adminUser.id, 'admin');
    await grantRole(api, supportUser.id, 'support');
    await settled();
    // A session reuses what it read of its user for a moment: wait until both see their new role.
    for (const client of [admin, support]) {
      await until(async () => (await client.get('/api/admin/me')).status === 200, 'the new role in the session', 10_000);
    }
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('every operations route: 401 signed out, 403 for plain users and support; admins read them', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/projections'],
      ['GET', '/api/admin/projections/users'],
      ['GET', '/api/admin/projection-rebuilds'],
      ['POST', '/api/admin/projection-rebuilds', { projection: 'users' }],
      ['GET', '/api/admin/projection-rebuilds/7f0c1a52-8a5e-4b8e-9a53-1f0e7e3a2b10'],
      ['GET', '/api/admin/dead-letters'],
      ['GET', '/api/admin/dead-letters/1'],
      ['POST', '/api/admin/dead-letters/1/retry'],
      ['POST', '/api/admin/dead-letters/1/skip'],
      ['GET', '/api/admin/scan-pipeline'],
    ];
    const anonymous = new TestClient(api.url, { host: MAIN });
    for (const [method, path, body] of routes) {
      expect({ method, path, status: (await anonymous.request(method, path, { body })).status }).toEqual({ method, path, status: 401 });
      expect({ method, path, status: (await plain.request(method, path, { body })).status }).toEqual({ method, path, status: 403 });
      expect({ method, path, status: (await support.request(method, path, { body })).status }).toEqual({ method, path, status: 403 });
    }
    expect((await admin.get('/api/admin/me')).body.permissions).toContain('operate');
    // A white-label client's admin runs their tenant, not the deployment: 403 on every operations route.
    expect(await createTenants(api.app, [{ clientId: 2 }])).toBe(true);
    const clientAdmin = new TestClient(api.url, { host: 'acme.qrsharks.test' });
    await grantRole(api, (await signUp(clientAdmin, 'ops-acme-admin@example.com')).id, 'admin');
    await settled();
    await until(async () => (await clientAdmin.get('/api/admin/me')).status === 200, "the client admin's role in the session", 10_000);
    for (const [method, path, body] of routes) {
      const answer = await clientAdmin.request(method, path, { body });
      expect({ method, path, status: answer.status, message: answer.body?.message }).toEqual({
        method,
        path,
        status: 403,
        message: "Operations are for the default brand's admins.",
      });
    }

    expect((await support.get('/api/admin/me')).body.permissions).not.toContain('operate');

    const eventsRead = async () =>
      ((await db().query("SELECT events_read::int AS n FROM projection_checkpoints WHERE name = 'users'")) as { n: number }[])[0].n;
    const readBefore = await eventsRead();
    const listedFrom = Date.now();
    const list = await admin.get('/api/admin/projections');
    const listedBy = Date.now();
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^projections 0-\d+\/\d+$/);
    const users = (list.body as { name: string }[]).find((row) => row.name === 'users');
    expect(users).toMatchObject({ id: 'users', tables: ['users'], lagEvents: 0, lagSeconds: 0, state: 'live', deadLetters: 0 });
    // Events per second: the users projection reads a sign-up's events between this server's first sample (the list
    // above) and a later look at least a second after it (each look is a sample; until then the rate is null).
    await signUp(new TestClient(api.url, { host: MAIN }), 'ops-rate@example.com');
    await settled();
    const read = (await eventsRead()) - readBefore;
    expect(read).toBeGreaterThan(0);
    let askedAt = 0;
    const again = await until(async () => {
      askedAt = Date.now();
      const row = (await admin.get('/api/admin/projections/users')).body as { eventsPerSecond: number | null; lagEvents: number };
      return row.eventsPerSecond !== null && row;
    }, 'a second sample of the users projection, a second after the first');
    const answeredBy = Date.now();
    expect(again.lagEvents).toBe(0);
    // The server took its two samples within [listedFrom, listedBy] and [askedAt, answeredBy]; it rounds to 0.1.
    expect(again.eventsPerSecond).toBeGreaterThanOrEqual(Math.floor((read / ((answeredBy - listedFrom) / 1000)) * 10) / 10);
    expect(again.eventsPerSecond).toBeLessThanOrEqual(Math.ceil((read / ((askedAt - listedBy) / 1000)) * 10) / 10);

    expect((await admin.get('/api/admin/projections/nope')).status).toBe(404);
    expect((await admin.get('/api/admin/projections/NOT%20A%20NAME')).status).toBe(404);
    expect((await admin.post('/api/admin/projection-rebuilds', { projection: 'nope' })).status).toBe(404);
    const bad = await admin.post('/api/admin/projection-rebuilds', { name: 'users' });
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/admin/dead-letters?filter=' + encodeURIComponent('{"state":"gone"}'))).status).toBe(400);
    expect((await admin.get('/api/admin/dead-letters/abc')).status).toBe(404);
  });

  it(
    'a rebuild requested over HTTP waits for a worker (the api role never runs it), then runs in the worker: its progress ' +
      'reaches 100 % and the tables are the same after',
    async () => {
      // Enough events for several replay batches (2,000 each), and every progress write the worker makes, as it makes it.
      const writer = testEvents(api.app);
      await writer.append(
        'ops-filler',
        Array.from({ length: 4500 }, (_, index) => writer.event('OpsFillerNoted', { index })),
        'no_stream',
      );
      await settled();
      await db().query(
        'CREATE TABLE ops_progress_log (at timestamptz DEFAULT clock_timestamp(), state text, processed bigint, total bigint)',
      );
      await db().query(`CREATE FUNCTION ops_log_progress() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO ops_progress_log (state, processed, total) VALUES (NEW.state, NEW.processed, NEW.total); RETURN NEW; END $$`);
      await db().query(
        'CREATE TRIGGER ops_log_progress AFTER UPDATE ON projection_rebuilds FOR EACH ROW EXECUTE FUNCTION ops_log_progress()',
      );
      const before = { users: await tableText('users'), audit: await tableText('audit_events') };
      await worker!.close();
      worker = null;

      const requested = await admin.post('/api/admin/projection-rebuilds', { projection: 'users' });
      expect(requested.status).toBe(201);
      expect(requested.body).toMatchObject({ projection: 'users', state: 'requested', percent: 0, requestedBy: 'ops-admin@example.com' });
      const id = requested.body.id as string;
      // One open request per projection.
      const twice = await admin.post('/api/admin/projection-rebuilds', { projection: 'users' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe('A rebuild of users is already requested or running.');
      // No worker runs: the request stays recorded, untouched by the api process. Nothing can be awaited for an absence:
      // this pause is the window in which a wrongly working api process would have started it.
      await letTimePass(2500, 'more than two rebuild-worker polls (1 s each): the window for a wrongly started rebuild');
      expect((await admin.get(`/api/admin/projection-rebuilds/${id}`)).body).toMatchObject({ state: 'requested', startedAt: null });

      await startWorker();
      const seen: number[] = [];
      const rebuild = await until(
        async () => {
          const row = (await admin.get(`/api/admin/projection-rebuilds/${id}`)).body as Record<string, unknown>;
          seen.push(row.percent as number);
          return (row.state === 'done' || row.state === 'failed') && row;
        },
        'the rebuild to finish',
        30_000,
      );
      expect(rebuild).toMatchObject({ state: 'done', percent: 100, error: null });
      expect(rebuild.processed).toBe(rebuild.total);
      expect(rebuild.processed).toBeGreaterThan(0);
      expect(Date.parse(rebuild.startedAt as string)).toBeLessThanOrEqual(Date.parse(rebuild.swappedAt as string));
      expect(rebuild.swapMs).toBeGreaterThanOrEqual(0);
      expect(rebuild.swapMs).toBeLessThanOrEqual(Date.parse(rebuild.finishedAt as string) - Date.parse(rebuild.startedAt as string));
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      // Progress was stored as it went: at least one write part-way (after the first batch), then 100 %.
      const log = (await db().query(
        'SELECT state, processed::int AS processed, total::int AS total FROM ops_progress_log ORDER BY at',
      )) as {
        state: string;
        processed: number;
        total: number | null;
      }[];
      expect(log[0]).toMatchObject({ state: 'running', processed: 0 });
      expect(log.some((row) => row.state === 'running' && row.total && row.processed > 0 && row.processed < row.total)).toBe(true);
      expect(log[log.length - 1]).toMatchObject({ state: 'done', processed: rebuild.processed, total: rebuild.total });
      expect((rebuild.total as number) > 4500).toBe(true);
      await settled();
      expect({ users: await tableText('users'), audit: await tableText('audit_events') }).toEqual(before);

      const listed = await admin.get('/api/admin/projection-rebuilds?filter=' + encodeURIComponent('{"projection":"users"}'));
      expect(listed.headers['content-range']).toBe('projection-rebuilds 0-0/1');
      expect(listed.body[0]).toMatchObject({ id, state: 'done' });
      const projection = (await admin.get('/api/admin/projections/users')).body;
      expect(projection).toMatchObject({ state: 'live', lastRebuild: { id, state: 'done', percent: 100 } });
    },
    60_000,
  );

  it('dead letters: the failing event and its error; Retry applies it again, Skip leaves it out; both recorded', async () => {
    // A QrCreated the codes projection refuses (no style: qr_style is NOT NULL) lands in the dead letters.
    const writer = testEvents(api.app);
    const qrId = '0b9a7c1e-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
    await writer.append(
      `qr-${qrId}`,
      [
        writer.event('QrCreated', {
          qrId,
          userId: plainId,
          mode: 'static',
          qrType: 'url',
          shortCode: null,
          destination: null,
          fields: { url: 'https://example.com/broken' },
          style: {},
          errorCorrectionLevel: 'M',
          logoFileName: null,
          logoFilePath: null,
        }),
      ],
      'no_stream',
    );
    type Letter = { id: string; projection: string; eventType: string; error: string; state: string };
    const letters = await until(async () => {
      const found = (await admin.get('/api/admin/dead-letters?filter=' + encodeURIComponent('{"projection":"codes"}'))).body as Letter[];
      return found.length > 0 && found;
    }, 'a dead letter of the codes projection');
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ projection: 'codes', eventType: 'QrCreated', state: 'open' });
    const detail = (await admin.get(`/api/admin/dead-letters/${letters[0].id}`)).body;
    expect(detail.event).toMatchObject({ streamId: `qr-${qrId}`, type: 'QrCreated', data: { qrId, style: {} } });
    expect(detail.error).toMatch(/qr_style|null/i);
    expect((await admin.get('/api/admin/projections/codes')).body.deadLetters).toBe(1);

    // Still failing: 409 with the error, and the letter stays open.
    const retried = await admin.post(`/api/admin/dead-letters/${letters[0].id}/retry`);
    expect(retried.status).toBe(409);
    expect(retried.body.message).toMatch(/^The event still fails: /);
    expect((await admin.get(`/api/admin/dead-letters/${letters[0].id}`)).body.state).toBe('open');
    const skipped = await admin.post(`/api/admin/dead-letters/${letters[0].id}/skip`);
    expect(skipped.status).toBe(201);
    expect(skipped.body).toMatchObject({ state: 'skipped', resolvedBy: 'ops-admin@example.com' });
    expect((await admin.post(`/api/admin/dead-letters/${letters[0].id}/skip`)).status).toBe(409);
    expect((await admin.get('/api/admin/dead-letters?filter=' + encodeURIComponent('{"projection":"codes"}'))).body).toEqual([]);
    const all = await admin.get('/api/admin/dead-letters?filter=' + encodeURIComponent('{"state":"all","projection":"codes"}'));
    expect(all.headers['content-range']).toBe('dead-letters 0-0/1');

    // A letter whose cause is gone (here: the plain user's row was lost and its UserRegistered dead-lettered): Retry
    // applies the event again and the row is back.
    const [registered] = await api.app.get<EventStore>(EVENT_STORE).readStream(`user-${plainId}`);
    expect(registered.type).toBe('UserRegistered');
    const userRow = await tableText('users');
    await db().query('DELETE FROM users WHERE id = $1', [plainId]);
    const [{ id }] = (await db().query(
      `INSERT INTO projection_dead_letters (projection, event_id, event_type, commit_position, prepare_position, error)
       VALUES ('users', $1, 'UserRegistered', $2, $3, 'lost') RETURNING id::text`,
      [registered.id, registered.position.commit.toString(), registered.position.prepare.toString()],
    )) as { id: string }[];
    const ok = await admin.post(`/api/admin/dead-letters/${id}/retry`);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ state: 'retried', resolvedBy: 'ops-admin@example.com', event: { type: 'UserRegistered' } });
    expect(await tableText('users')).toBe(userRow);
  }, 40_000);

  it('the scan pipeline: stream length, pending entries, ingest rate and the last scan ingested', async () => {
    const empty = await admin.get('/api/admin/scan-pipeline');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({
      streamLength: expect.any(Number),
      pending: expect.any(Number),
      ingestRatePerSecond: expect.any(Number),
    });
    const code = await createCodeByEvents(api.app, { destination: 'https://example.com/ops' });
    const visitor = new TestClient(api.url);
    for (let scan = 0; scan < 3; scan++) {
      expect((await visitor.get(`/d/${code.shortCode}`, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(302);
    }
    // The rate counts whole seconds before the current one.
    const figures = await until(
      async () => {
        const body = (await admin.get('/api/admin/scan-pipeline')).body as Record<string, any>;
        return body.lastIngested?.qrId === code.qrId && body.ingestedLastMinute >= 3 && body;
      },
      'the three scans ingested',
      15_000,
    );
    expect(figures).toMatchObject({
      streamLength: 0,
      pending: 0,
      oldestWaitingSeconds: null,
      ingestedLastMinute: 3,
      ingestRatePerSecond: 0.1,
      lastIngested: { qrId: code.qrId, scanId: expect.any(String), scannedAt: expect.any(String), ingestedAt: expect.any(String) },
    });
  }, 30_000);
});
