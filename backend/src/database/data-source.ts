import { join } from 'node:path';
import { DataSource } from 'typeorm';
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
  });
}
