import { Global, Inject, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { ENV, Env } from '../config/env';
import { CONNECT_TIMEOUT_MS } from '../database/database-unavailable';
import { DATABASE_URL } from '../database/database.module';
import { EventStore } from './event-store';
import { PersonalDataEventStore } from './personal-data/personal-data-event-store';
import { PersonalDataKeys } from './personal-data/personal-data-keys';
import { replayRecordedErasures } from './personal-data/replay-erasures';
import { STREAM_NAMES, StreamNames } from './personal-data/stream-names';
import { PostgresEventStore } from './postgres-event-store';

import { EVENT_STORE } from './event-store.tokens';
export { EVENT_STORE, STREAM_NAMES };

const EVENT_STORE_POOL = Symbol('EVENT_STORE_POOL');
const KEYS_POOL = Symbol('PERSONAL_DATA_KEYS_POOL');
/** The personal-data key table (issue 32): sealing and erasure (the accounts' deletion, the staff's erasures) use it. */
export const PERSONAL_DATA_KEYS = Symbol('PERSONAL_DATA_KEYS');

class EventStoreLifecycle implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(EVENT_STORE_POOL) private readonly pool: Pool | null,
    @Inject(KEYS_POOL) private readonly keysPool: Pool,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  /**
   * Before any projection or request reads an event: the erasures the log records are applied to the key table again
   * (a key table restored from an older backup, docs/operations.md). PostgreSQL event store only; on EventStoreDB it
   * stays the manual step operations.md describes.
   */
  async onModuleInit(): Promise<void> {
    if (!this.pool) return;
    const erased = await replayRecordedErasures(this.pool);
    if (erased) new Logger('PersonalDataKeys').warn(`Erased again ${erased} key(s) whose erasure the event log records`);
    this.keys.forget();
  }
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    await this.pool?.end();
    await this.keysPool.end();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: EVENT_STORE_POOL,
      inject: [ENV, DATABASE_URL],
      useFactory: (env: Env, databaseUrl: string): Pool | null => {
        if (env.EVENT_STORE !== 'postgres') return null;
        const pool = new Pool({
          connectionString: databaseUrl,
          max: 10,
          application_name: 'qrsharks-events',
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        // An idle connection dropped by the server must not crash the process; the pool replaces it.
        pool.on('error', (error) => new Logger('EventStore').warn(`idle connection lost: ${error.message}`));
        // A new connection is handed out a tick after it is ready: a 57P01 in that tick must find a listener too.
        pool.on('connect', (client) => client.on('error', () => undefined));
        return pool;
      },
    },
    {
      // The key table is in PostgreSQL whichever store holds the events (DESIGN.md section 2).
      provide: KEYS_POOL,
      inject: [DATABASE_URL],
      useFactory: (databaseUrl: string): Pool => {
        const pool = new Pool({
          connectionString: databaseUrl,
          max: 3,
          application_name: 'qrsharks-personal-data-keys',
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        pool.on('error', (error) => new Logger('PersonalDataKeys').warn(`idle connection lost: ${error.message}`));
        pool.on('connect', (client) => client.on('error', () => undefined));
        return pool;
      },
    },
    {
      provide: PERSONAL_DATA_KEYS,
      inject: [ENV, KEYS_POOL],
      useFactory: (env: Env, pool: Pool) => new PersonalDataKeys(pool, env.PERSONAL_DATA_KEY),
    },
    { provide: STREAM_NAMES, inject: [ENV], useFactory: (env: Env) => new StreamNames(env.STREAM_NAME_SALT) },
    {
      provide: EVENT_STORE,
      inject: [ENV, DATABASE_URL, EVENT_STORE_POOL, PERSONAL_DATA_KEYS],
      useFactory: async (env: Env, databaseUrl: string, pool: Pool | null, keys: PersonalDataKeys): Promise<EventStore> => {
        // Every reader and writer gets the store that seals and opens personal data (issue 32 item 1).
        if (env.EVENT_STORE === 'esdb') {
          if (!env.EVENTSTORE_URL) throw new Error('EVENT_STORE=esdb needs EVENTSTORE_URL (for example esdb://localhost:2113?tls=false)');
          // Loaded lazily so the embedded default never loads the gRPC client.
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          const { EsdbEventStore } = require('./esdb-event-store') as typeof import('./esdb-event-store');
          return new PersonalDataEventStore(EsdbEventStore.connect(env.EVENTSTORE_URL), keys);
        }
        return new PersonalDataEventStore(new PostgresEventStore(pool!, { connectionString: databaseUrl }), keys);
      },
    },
    EventStoreLifecycle,
  ],
  exports: [EVENT_STORE, PERSONAL_DATA_KEYS, STREAM_NAMES],
})
export class EventStoreModule {}
