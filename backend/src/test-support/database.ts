import { randomBytes } from 'node:crypto';
import { Client, Pool, type PoolConfig } from 'pg';
import { createDataSource } from '../database/data-source';
import { clientWithErrorListener, poolWithErrorListener } from '../database/pg-error-listeners';
import { until } from './until';

/** The server the tests use: a local PostgreSQL with trust auth (CI starts it). Never a remote one. */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** One template per Jest run (set by globalSetup), so concurrent runs on one server never clobber each other's. */
export const templateDb = () => process.env.QRS_TEMPLATE_DB ?? 'qrs_test_template';

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin<T>(run: (client: Client) => Promise<T>, applicationName = 'qrs-test-admin', server = TEST_ADMIN_URL): Promise<T> {
  const client = clientWithErrorListener(new Client({ connectionString: server, application_name: applicationName }));
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`Refusing to run tests against non-local database host ${host}`);
}

/** Jest globalSetup: one migrated template database; each test file copies it (CREATE DATABASE ... TEMPLATE). */
export async function createTemplateDatabase(): Promise<void> {
  assertLocal(TEST_ADMIN_URL);
  const TEMPLATE_DB = templateDb();
  await admin(async (client) => {
    await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
      TEMPLATE_DB,
    ]);
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  });
  const dataSource = createDataSource(withDatabase(TEST_ADMIN_URL, TEMPLATE_DB), { poolSize: 2 });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  /** A pool on this database with an 'error' listener; drop() ends it first (a test may end it earlier itself). */
  pool(config?: Omit<PoolConfig, 'connectionString'>): Pool;
  /**
   * Ends the pools made by pool(), waits until no connection to the database is left (pool.end() resolves before
   * its connections have closed), then drops it. FORCE ends only what a test leaked; a leaked pool without an
   * 'error' listener would meet 57P01 at that moment (in Jest: "Unhandled error", blamed on whichever test runs).
   */
  drop(): Promise<void>;
}

/** How long drop() lets closing connections go before it forces them: they close in milliseconds unless leaked. */
const CLOSE_WAIT_MS = 10_000;

export interface TestDatabaseOptions {
  /** Not migrated, for tests that migrate it themselves. */
  empty?: boolean;
  /**
   * The admin URL of another local server (a PrivatePostgres's adminUrl) instead of the shared one: for tests that
   * hold a transaction open on purpose. $all's visibility rule follows the oldest open transaction of the whole
   * server (every database), so on the shared server such a test stalls the projections of every other test file
   * running at that moment. There is no template there: the database is migrated when created.
   */
  server?: string;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `qrs_t_${randomBytes(6).toString('hex')}`;
  const server = options.server ?? TEST_ADMIN_URL;
  assertLocal(server);
  const fromTemplate = !options.empty && !options.server;
  await admin((client) => client.query(`CREATE DATABASE ${name}${fromTemplate ? ` TEMPLATE ${templateDb()}` : ''}`), undefined, server);
  const url = withDatabase(server, name);
  if (options.server && !options.empty) {
    const dataSource = createDataSource(url, { poolSize: 2 });
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
  }
  const pools = new Set<Pool>();
  return {
    name,
    url,
    pool: (config = {}) => {
      const pool = poolWithErrorListener(new Pool({ ...config, connectionString: url }));
      pools.add(pool);
      return pool;
    },
    drop: async () => {
      await Promise.all([...pools].filter((pool) => !pool.ended).map((pool) => pool.end().catch(() => undefined)));
      pools.clear();
      await admin(
        async (client) => {
          const connections = async () => {
            const { rows } = await client.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
              [name],
            );
            return rows[0].n;
          };
          await until(async () => (await connections()) === 0, `the connections to ${name} to close`, CLOSE_WAIT_MS).catch(async () => {
            const { rows } = await client.query('SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = $1', [name]);
            console.warn(`${name}: connections still open after ${CLOSE_WAIT_MS} ms, forced: ${JSON.stringify(rows)}`);
          });
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
        `qrs-test-drop-${name}`,
        server,
      );
    },
  };
}

/** A test database outside Jest (benches, the fault harness run by a bench): makes the template first if missing. */
export async function createTestDatabaseAnywhere(): Promise<TestDatabase> {
  try {
    return await createTestDatabase();
  } catch {
    await createTemplateDatabase();
    return createTestDatabase();
  }
}

export async function dropTemplateDatabase(): Promise<void> {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${templateDb()} WITH (FORCE)`));
}
