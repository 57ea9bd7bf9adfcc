import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource } from '../database/data-source';

/** The server the tests use: a local PostgreSQL with trust auth (CI starts it). Never a remote one. */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** One template per Jest run (set by globalSetup), so concurrent runs on one server never clobber each other's. */
export const templateDb = () => process.env.QRS_TEMPLATE_DB ?? 'qrs_test_template';

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_ADMIN_URL });
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
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `qrs_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb()}`));
  return {
    name,
    url: withDatabase(TEST_ADMIN_URL, name),
    drop: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
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
