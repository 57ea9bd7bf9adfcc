import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';
import { ProjectionsService } from './projections.service';

/** `probe`'s first answer that `ok` accepts (polled by test-support/until.ts). */
async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const found = await until(
    async () => {
      const value = await probe();
      return ok(value) && { value };
    },
    what,
    timeoutMs,
  );
  return found.value;
}

describe('projection locks', () => {
  let app: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    app = await startTestApp();
    db = app.app.get(DataSource);
  });
  afterAll(() => app.close());

  const lockConnections = async () =>
    (await db.query(
      "SELECT pid, (SELECT count(*)::int FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory') AS locks FROM pg_stat_activity " +
        "a WHERE datname = current_database() AND application_name = 'qrsharks-locks'",
    )) as { pid: number; locks: number }[];

  it(
    'a process holds the lock of every projection it runs on one connection, and takes them all again when that connection is ' + 'lost',
    async () => {
      const projections = app.app.get(ProjectionsService).list().length;
      expect(projections).toBeGreaterThan(3);
      const before = await eventually(
        lockConnections,
        (rows) => rows.length === 1 && rows[0].locks === projections,
        'one connection holding every lock',
      );
      expect(before).toEqual([{ pid: expect.any(Number), locks: projections }]);

      await db.query('SELECT pg_terminate_backend($1)', [before[0].pid]);
      const after = await eventually(
        lockConnections,
        (rows) => rows.length === 1 && rows[0].pid !== before[0].pid && rows[0].locks === projections,
        'every lock taken again on a new connection',
        15_000,
      );
      expect(after).toHaveLength(1);
      expect(after[0].pid).not.toBe(before[0].pid);
      expect(after[0].locks).toBe(projections);

      // And the runners work again: a sign-up reaches the users read model.
      const res = await fetch(`${app.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ email: 'locks@example.com', password: 'secret-123' }),
      });
      expect(res.status).toBe(200);
      const rows = await eventually(
        () => db.query("SELECT id FROM users WHERE email = 'locks@example.com'") as Promise<unknown[]>,
        (found) => found.length === 1,
        'the sign-up in the users read model',
      );
      expect(rows).toHaveLength(1);
    },
    60_000,
  );
});
