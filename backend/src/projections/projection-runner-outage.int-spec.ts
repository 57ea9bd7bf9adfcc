import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { createDataSource } from '../database/data-source';
import { RecordedEvent } from '../event-store/event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

/** The error the driver gives a transaction whose connection a PostgreSQL restart terminated. */
const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** Writes each event's id; its first `outage` attempts fail as if the database were restarting. */
class OutageProjection implements Projection {
  readonly name = 'test_outage';
  readonly tables = ['test_outage'];
  readonly eventTypes = ['Noted'];
  constructor(public outage: number) {}
  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    if (this.outage > 0) {
      this.outage -= 1;
      throw terminated();
    }
    for (const event of events) await tx.query('INSERT INTO test_outage (id) VALUES ($1)', [event.id]);
  }
}

/**
 * A batch that fails because the database is down is no poison: the runner must not dead-letter (skip) its events
 * after a few quick retries, as it does for an event it cannot apply, but back off and apply them once it is back.
 */
describe('ProjectionRunner while the database restarts', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  let dataSource: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url });
    pool.on('error', () => undefined);
    store = new PostgresEventStore(pool, { connectionString: db.url, pollIntervalMs: 50 });
    dataSource = createDataSource(db.url, { poolSize: 4 });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE test_outage (id uuid PRIMARY KEY)');
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await dataSource.destroy();
    await db.drop();
  });

  it('backs off and applies the events once the database answers again, dead-lettering none', async () => {
    const id = randomUUID();
    const { position } = await store.append(
      'outage-1',
      [
        {
          id,
          type: 'Noted',
          data: {},
          metadata: {
            tenantId: 1,
            actorId: 'test',
            correlationId: id,
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    // More failures than the retries and the event-by-event pass together: before, the event was dead-lettered.
    const projection = new OutageProjection(8);
    const runner = new ProjectionRunner(projection, store, dataSource, { maxRetries: 2 });
    runner.start();
    try {
      expect(await runner.waitFor(position, 25_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    expect(projection.outage).toBe(0);
    expect(await dataSource.query('SELECT id FROM test_outage')).toEqual([{ id }]);
    expect(await dataSource.query('SELECT event_id FROM projection_dead_letters')).toEqual([]);
  }, 40_000);
});
