import { rm } from 'node:fs/promises';
import { bootstrap, RunningApp } from '../bootstrap';
import { Env } from '../config/env';
import { createTestDatabase, TestDatabase, TestDatabaseOptions } from './database';

export interface TestApp extends RunningApp {
  url: string;
  db: TestDatabase;
}

/**
 * The whole product on a fresh database and a real Redis, listening on a random port: int-specs talk to it
 * through HTTP like a browser would. Redis keys are shared, so tests use their own ids and codes.
 */
export async function startTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  database: Pick<TestDatabaseOptions, 'server'> = {},
): Promise<TestApp> {
  const db = await createTestDatabase(database);
  // The app's own folders (not ones a test passed in, which it may want to read after): removed with the database.
  const folders = [
    overrides.UPLOAD_DIR ? null : `/tmp/qrs-test-uploads/${db.name}`,
    overrides.MAIL_OUTBOX_DIR ? null : `/tmp/qrs-test-outbox/${db.name}`,
  ].filter((dir): dir is string => dir !== null);
  const cleanUp = async () => {
    await db.drop();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  try {
    const running = await bootstrap({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      UPLOAD_DIR: `/tmp/qrs-test-uploads/${db.name}`,
      MAIL_OUTBOX_DIR: `/tmp/qrs-test-outbox/${db.name}`,
      // Destinations' names are resolved at save time: no test asks the machine's DNS (a closed port answers at once,
      // so every name is "failed" and allowed). Tests of the resolution start their own server (dns-server.ts).
      DESTINATION_DNS_SERVERS: '127.0.0.1:1',
      ...overrides,
    });
    return {
      ...running,
      url: running.url!,
      db,
      close: async () => {
        await running.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
