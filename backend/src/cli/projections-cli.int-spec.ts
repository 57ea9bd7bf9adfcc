import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { Client } from 'pg';
import { clientWithErrorListener } from '../database/pg-error-listeners';
import { AdvisoryLocks } from '../projections/advisory-locks';
import { ProjectionsService } from '../projections/projections.service';
import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { until } from '../test-support/until';
import { grantRole, signUp } from '../test-support/users';
import { REBUILD_LOCK } from '../projections/rebuild-worker';
import { PrivatePostgres } from '../test-support/private-postgres';
import { startTestApp, TestApp } from '../test-support/test-app';

const run = promisify(execFile);
const BACKEND = join(__dirname, '..', '..');

describe('npm run projections', () => {
  // A PostgreSQL of its own: the lag test holds a transaction open, which on the shared server would hold back $all
  // (the oldest open transaction of the whole server) for every other test file's projections, for 5-15 s.
  const pg = new PrivatePostgres();
  let app: TestApp;
  beforeAll(async () => {
    await pg.start();
    app = await startTestApp({}, { server: pg.adminUrl });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await pg.destroy();
  });

  const cli = (...args: string[]) =>
    run(process.execPath, ['-r', '@swc-node/register', 'src/cli/projections.ts', ...args], {
      cwd: BACKEND,
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.json',
        DATABASE_URL: app.db.url,
        LOG_LEVEL: 'silent',
        REDIS_URL: app.env.REDIS_URL,
      },
      timeout: 60_000,
    });

  it('status prints every projection with its checkpoint and lag', async () => {
    const { stdout } = await cli('status');
    expect(stdout).toMatch(/^clients\s+\d+\/\d+\s+\d+$/m);
    expect(stdout).toContain('dead letters: 0');
  });

  it("status and the console's Operations page count the same lag, also while a transaction is held open (issue 28 item 4)", async () => {
    const admin = new TestClient(app.url);
    const user = await signUp(admin, 'lag-admin@example.com');
    await grantRole(app, user.id, 'admin');
    await until(async () => (await admin.get('/api/admin/me')).status === 200, 'the admin role to reach the session');
    const consoleLags = async () => {
      const res = await admin.get('/api/admin/projections');
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body as { name: string; lagEvents: number }[]).map((row) => [row.name, row.lagEvents]));
    };
    const cliLags = async () =>
      Object.fromEntries(
        [...(await cli('status')).stdout.matchAll(/^(\S+)\s+-?\d+\/-?\d+\s+(\d+)$/gm)].map((match) => [match[1], Number(match[2])]),
      );
    const projections = app.app.get(ProjectionsService);
    const events = testEvents(app.app);
    // One projection behind by one visible event; every other one has read it.
    await projections.pause('clients');
    const { position } = await events.append('lag-probe-1', [events.event('LagProbe', {})], 'no_stream');
    const others = projections
      .list()
      .map((projection) => projection.name)
      .filter((name) => name !== 'clients');
    expect(await projections.waitFor(position, others, 15_000)).toBe(true);
    // A transaction with an xid held open, then a committed event behind it: no reader of $all can see that event yet.
    const held = clientWithErrorListener(new Client({ connectionString: app.db.url }));
    await held.connect();
    try {
      await held.query('BEGIN');
      await held.query('SELECT pg_current_xact_id()');
      await events.append('lag-probe-2', [events.event('LagProbe', {})], 'no_stream');
      const expected = { ...Object.fromEntries(others.map((name) => [name, 0])), clients: 1 };
      await until(async () => isDeepStrictEqual(await consoleLags(), expected), 'the console to count one visible event');
      expect(await cliLags()).toEqual(expected);
      expect(await consoleLags()).toEqual(expected);
    } finally {
      await held.query('ROLLBACK').catch(() => undefined);
      await held.end();
      projections.resume('clients');
    }
  }, 90_000);

  it('rebuild <name> replays into fresh tables, swaps them in, and the read model answers the same', async () => {
    const before = await fetch(`${app.url}/api/white-label/config`).then((res) => res.json());
    const { stdout, stderr } = await cli('rebuild', 'clients');
    expect(stdout).toMatch(/clients: rebuilt from \d+ events in [\d.]+ s and swapped in/);
    expect(stderr).toContain('100.0%');
    expect(await fetch(`${app.url}/api/white-label/config`).then((res) => res.json())).toEqual(before);
  });

  it('rebuild waits its turn: while another rebuild holds the lock (a worker carrying out a console request) it refuses', async () => {
    const locks = new AdvisoryLocks(app.db.url, 'test-rebuild-lock');
    expect(await locks.tryLock(REBUILD_LOCK, () => undefined)).toBe(true);
    try {
      await expect(cli('rebuild', 'clients')).rejects.toMatchObject({
        stderr: expect.stringContaining('Another rebuild is running'),
      });
    } finally {
      await locks.close();
    }
  });

  it('rebuild of an unknown projection says which exist', async () => {
    await expect(cli('rebuild', 'nope')).rejects.toMatchObject({
      stderr: expect.stringContaining("Unknown projection 'nope'. Known: clients"),
    });
  });
});
