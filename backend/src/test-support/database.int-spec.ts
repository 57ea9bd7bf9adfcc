import { Client } from 'pg';
import { createTestDatabase, TEST_ADMIN_URL } from './database';
import { PrivatePostgres } from './private-postgres';
import { until } from './until';

const exists = async (name: string) => {
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
};

/**
 * A test's teardown must never end a connection that is still open on its database from the server side (57P01): a
 * pool without an error listener meeting it is an "Unhandled error" blamed on whichever test runs then (issue 28 item
 * 7: pg-pool's end() resolves before its connections have closed, and DROP DATABASE ... WITH (FORCE) raced them).
 */
describe('test databases: teardown closes connections before the database is dropped', () => {
  it('drop() waits for a connection that is closing instead of terminating it, then drops', async () => {
    const db = await createTestDatabase();
    const errors: Error[] = [];
    const client = new Client({ connectionString: db.url, application_name: 'closing-late' });
    client.on('error', (error) => errors.push(error));
    await client.connect();
    let ended = false;
    client.on('end', () => (ended = true));
    const dropping = db.drop();
    // Still open while drop() runs: it must be waiting for this connection (the old drop terminated it with 57P01).
    const seen = await until(async () => {
      if (errors.length || ended) return 'terminated';
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%FROM pg_stat_activity%'",
        [`qrs-test-drop-${db.name}`],
      );
      return rows[0].n > 0 && 'waited';
    }, 'drop() to either wait for the open connection or end it');
    expect(seen).toBe('waited');
    await client.end();
    await dropping;
    expect(errors).toEqual([]);
    expect(await exists(db.name)).toBe(false);
  });

  it('drop() ends the pools made by db.pool() first, so none of their connections meets a forced drop', async () => {
    const db = await createTestDatabase();
    const pool = db.pool({ max: 3 });
    const errors: Error[] = [];
    pool.on('error', (error) => errors.push(error));
    // Three idle connections: each would be the pool's 'error' event if the database were dropped under it.
    await Promise.all([1, 2, 3].map(() => pool.query('SELECT pg_sleep(0.05)')));
    expect(pool.idleCount).toBe(3);
    await db.drop();
    expect(pool.ended).toBe(true);
    expect(errors).toEqual([]);
    expect(await exists(db.name)).toBe(false);
  });
});

/**
 * Issue 28 leftovers item 2: $all's visibility rule follows the oldest open transaction of the whole server (every
 * database), so a test that holds one open on purpose runs on a PostgreSQL of its own: createTestDatabase and
 * startTestApp take that server's admin URL.
 */
describe('test databases on a private server', () => {
  const pg = new PrivatePostgres();
  beforeAll(() => pg.start(), 120_000);
  afterAll(() => pg.destroy());

  it('creates the database on that server, migrated, and drops it there', async () => {
    const db = await createTestDatabase({ server: pg.adminUrl });
    const client = new Client({ connectionString: db.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const { rows } = await client.query<{ port: number; events: string | null }>(
        "SELECT inet_server_port() AS port, to_regclass('events')::text AS events",
      );
      expect(rows[0]).toEqual({ port: pg.port, events: 'events' });
    } finally {
      await client.end();
    }
    await db.drop();
    const admin = new Client({ connectionString: pg.adminUrl });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      expect((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db.name])).rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  }, 120_000);
});
