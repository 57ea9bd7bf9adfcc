import { join } from 'node:path';
import type { ClientBase } from 'pg';
import { DataSource } from 'typeorm';
import { CONNECT_TIMEOUT_MS } from './database-unavailable';
import { loadClasses, type Class } from './load-modules';

const SRC = join(__dirname, '..');

export const allEntities = (): Class[] => loadClasses(SRC, '.entity', true);
export const allMigrations = (): Class[] => loadClasses(join(__dirname, 'migrations'), '', false);

/** Read models and the Postgres event store share one database; schema changes only through migrations. */
export function createDataSource(url: string, options: { poolSize?: number; applicationName?: string } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: allEntities(),
    migrations: allMigrations(),
    migrationsTableName: 'typeorm_migrations',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? 10,
    applicationName: options.applicationName ?? 'qrsharks',
    // Waiting for a connection while the database is down ends in a 503, not a request that hangs.
    // A new connection reaches its query runner a tick after it is ready; a server shutting down right then sends
    // 57P01 in the same packet, an 'error' event with no listener that would end the process. Every connection keeps
    // one: the query in flight fails anyway and the pool drops a broken connection when it comes back.
    extra: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS, onConnect: (client: ClientBase) => void client.on('error', () => undefined) },
  });
}
