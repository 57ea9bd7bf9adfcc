import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CONNECT_TIMEOUT_MS } from './database-unavailable';
import { loadClasses } from './load-modules';

const SRC = join(__dirname, '..');

export const allEntities = (): Function[] => loadClasses(SRC, '.entity', true);
export const allMigrations = (): Function[] => loadClasses(join(__dirname, 'migrations'), '', false);

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
    extra: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
  });
}
