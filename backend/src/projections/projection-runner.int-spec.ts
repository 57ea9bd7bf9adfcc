import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { NewEvent, RecordedEvent } from '../event-store/event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { eventCatalogue } from '../event-store/typed-events';
import { createDataSource } from '../database/data-source';
import { poolWithErrorListener } from '../database/pg-error-listeners';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import { letTimePass, until } from '../test-support/until';
import type { Projection } from './projection';
import { ProjectionRunner, readCheckpoint } from './projection-runner';
import { rebuildProjection } from './rebuild';

const meta = () => ({
  tenantId: 1,
  actorId: 'test',
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const counted = (n: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: n }, (_, i) => ({ id: randomUUID(), type, data: { amount: i + 1 }, metadata: meta() }));

/** The test's own events: Counted adds its amount, Poison always fails the projection. */
const SUM_EVENTS = eventCatalogue<{ Counted: { amount: number }; Poison: object }>({ Counted: true, Poison: true });

/** A projection whose table is created by the test; sums event amounts per stream. */
class SumProjection implements Projection {
  readonly name = 'test_sums';
  readonly tables = ['test_sums'];
  readonly eventTypes = SUM_EVENTS.types;
  applied = 0;
  failNext = 0;

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of SUM_EVENTS.among(events)) {
      if (event.type === 'Poison') throw new Error('poison event');
      if (this.failNext > 0) {
        this.failNext -= 1;
        throw new Error('transient failure');
      }
      await tx.query(
        `INSERT INTO test_sums (stream_id, total, events) VALUES ($1, $2, 1)
         ON CONFLICT (stream_id) DO UPDATE SET total = test_sums.total + $2, events = test_sums.events + 1`,
        [event.streamId, event.data.amount],
      );
      this.applied += 1;
    }
  }
}

describe('ProjectionRunner', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  let dataSource: DataSource;
  /** What this test's beforeEach has made so far: afterEach closes only that, once. */
  let made: { db?: TestDatabase; pool?: Pool; store?: PostgresEventStore; dataSource?: DataSource } = {};

  beforeEach(async () => {
    made = {};
    db = made.db = await createTestDatabase();
    // A connection terminated by the server (57P01) while idle is the pool's 'error' event: unhandled, it failed this file now and then.
    pool = made.pool = poolWithErrorListener(new Pool({ connectionString: db.url }));
    store = made.store = new PostgresEventStore(pool, { connectionString: db.url, pollIntervalMs: 50 });
    dataSource = made.dataSource = createDataSource(db.url, { poolSize: 4 });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE test_sums (stream_id text PRIMARY KEY, total bigint NOT NULL, events int NOT NULL)');
    await dataSource.query('CREATE INDEX test_sums_total ON test_sums (total)');
  });

  let started: ProjectionRunner[] = [];
  const track = (runner: ProjectionRunner) => (started.push(runner), runner);

  // Only what this test's beforeEach made, once: when it failed part way, the previous test's pool (already ended)
  // was ended again ("Called end on pool more than once"), an error that buried the beforeEach's own.
  afterEach(async () => {
    await Promise.all(started.map((runner) => runner.stop()));
    started = [];
    const { store: madeStore, pool: madePool, dataSource: madeDataSource, db: madeDb } = made;
    made = {};
    await madeStore?.close();
    if (madePool && !madePool.ended) await madePool.end();
    if (madeDataSource?.isInitialized) await madeDataSource.destroy();
    await madeDb?.drop();
  });

  const sums = async () =>
    (await dataSource.query('SELECT stream_id, total::int AS total, events FROM test_sums ORDER BY stream_id')) as {
      stream_id: string;
      total: number;
      events: number;
    }[];

  it('catches up, goes live, and waitFor resolves once the read model passed a position', async () => {
    await store.append('a', counted(3), { expectedRevision: 'no_stream' });
    const projection = new SumProjection();
    const runner = track(new ProjectionRunner(projection, store, dataSource, { exclusive: true, lockConnectionString: db.url }));
    runner.start();
    const live = await store.append('b', counted(2), { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(live.position, 5000)).toBe(true);
    expect(await sums()).toEqual([
      { stream_id: 'a', total: 6, events: 3 },
      { stream_id: 'b', total: 3, events: 2 },
    ]);
    await runner.stop();
  });

  it('stops when stopped while still taking its lock (a process shut down right after it started)', async () => {
    const runner = new ProjectionRunner(new SumProjection(), store, dataSource, { exclusive: true, lockConnectionString: db.url });
    runner.start();
    const stopped = runner.stop().then(() => 'stopped');
    const late = new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5000).unref());
    expect(await Promise.race([stopped, late])).toBe('stopped');
  });

  it('keeps one active runner per projection across two runners (advisory lock); the standby takes over when the first stops', async () => {
    const first = new SumProjection();
    const second = new SumProjection();
    const a = track(new ProjectionRunner(first, store, dataSource, { exclusive: true, lockConnectionString: db.url }));
    const b = track(new ProjectionRunner(second, store, dataSource, { exclusive: true, lockConnectionString: db.url }));
    a.start();
    await until(async () => a.isActive, 'runner a active', 10_000);
    b.start();
    const head = await store.append('s', counted(50), { expectedRevision: 'no_stream' });
    await a.waitFor(head.position);
    expect(b.isActive).toBe(false);
    expect(second.applied).toBe(0);

    await a.stop();
    const more = await store.append('s', counted(5), { expectedRevision: 49n });
    await until(async () => b.isActive, 'runner b active', 5000);
    expect(await b.waitFor(more.position, 5000)).toBe(true);
    expect(first.applied + second.applied).toBe(55);
    expect(await sums()).toEqual([{ stream_id: 's', total: 1275 + 15, events: 55 }]);
    await b.stop();
  });

  it('retries a failing batch with backoff, then dead-letters a poison event and keeps going', async () => {
    const projection = new SumProjection();
    projection.failNext = 2;
    await store.append('x', counted(2), { expectedRevision: 'no_stream' });
    const poison: NewEvent = { id: randomUUID(), type: 'Poison', data: {}, metadata: meta() };
    await store.append('y', [poison], { expectedRevision: 'no_stream' });
    const last = await store.append('z', counted(1), { expectedRevision: 'no_stream' });
    const runner = track(new ProjectionRunner(projection, store, dataSource, { maxRetries: 2 }));
    runner.start();
    expect(await runner.waitFor(last.position, 10000)).toBe(true);
    await runner.stop();
    expect(await sums()).toEqual([
      { stream_id: 'x', total: 3, events: 2 },
      { stream_id: 'z', total: 1, events: 1 },
    ]);
    const dead = (await dataSource.query('SELECT projection, event_id, event_type, error FROM projection_dead_letters')) as {
      projection: string;
      event_id: string;
      event_type: string;
      error: string;
    }[];
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ projection: 'test_sums', event_id: poison.id, event_type: 'Poison' });
    expect(dead[0].error).toContain('poison event');
  });

  it('rebuild replays into fresh tables and swaps them in while the live runner keeps serving, with identical results', async () => {
    let last = await store.append('s0', counted(25), { expectedRevision: 'any' });
    for (let i = 1; i < 20; i++) last = await store.append(`s${i % 4}`, counted(25), { expectedRevision: 'any' });
    const projection = new SumProjection();
    const live = track(new ProjectionRunner(projection, store, dataSource, { exclusive: true, lockConnectionString: db.url }));
    live.start();
    // Positions come from the appends: headPosition() may lag while another database's transaction holds xmin back.
    expect(await live.waitFor(last.position, 10000)).toBe(true);
    const before = await sums();
    const indexesBefore = await dataSource.query("SELECT indexname FROM pg_indexes WHERE tablename = 'test_sums' ORDER BY 1");

    // Writers keep appending during the rebuild; nothing may be lost or applied twice across the swap.
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        last = await store.append(`s${n++ % 4}`, counted(3), { expectedRevision: 'any' });
        await letTimePass(5, 'pacing of the load, not a wait: appends keep coming while the runner works');
      }
      return n;
    })();
    const progress: number[] = [];
    const result = await rebuildProjection(new SumProjection(), store, dataSource, ({ read }) => progress.push(read));
    writing = false;
    const appendedDuring = await writer;
    expect(await live.waitFor(last.position, 10000)).toBe(true);

    expect(result.events).toBeGreaterThanOrEqual(500);
    expect(progress.length).toBeGreaterThan(0);
    const after = await sums();
    const totalEvents = after.reduce((sum, row) => sum + row.events, 0);
    expect(totalEvents).toBe(500 + appendedDuring * 3);
    expect(after.map((row) => row.stream_id)).toEqual(before.map((row) => row.stream_id));
    expect(await dataSource.query("SELECT indexname FROM pg_indexes WHERE tablename = 'test_sums' ORDER BY 1")).toEqual(indexesBefore);
    // Filled unlogged for speed, but what is swapped in must survive a crash.
    expect(
      await dataSource.query("SELECT relpersistence FROM pg_class WHERE relname = 'test_sums' AND relnamespace = 'public'::regnamespace"),
    ).toEqual([{ relpersistence: 'p' }]);
    expect((await store.lag(await readCheckpoint(dataSource.manager, 'test_sums')))?.events).toBe(0);
    const schemas = (await dataSource.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild_%'")) as unknown[];
    expect(schemas).toEqual([]);
    await live.stop();
  });
});

describe('ProjectionRunner against a store that redelivers', () => {
  let db: TestDatabase;
  let pool: Pool;
  let dataSource: DataSource;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = db.pool();
    dataSource = createDataSource(db.url, { poolSize: 2 });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE test_sums (stream_id text PRIMARY KEY, total bigint NOT NULL, events int NOT NULL)');
  });
  afterAll(async () => {
    await pool.end();
    await dataSource.destroy();
    await db.drop();
  });

  it('applies each event once even when a batch overlaps the checkpoint', async () => {
    const store = new PostgresEventStore(pool, { connectionString: db.url });
    await store.append('r', counted(4), { expectedRevision: 'no_stream' });
    // $all shows events below the cluster's oldest running transaction: other test files' transactions can
    // hold it back for a moment.
    const all = await until(
      async () => {
        const events = await store.readAll();
        return events.length >= 4 && events;
      },
      'the four events on $all',
      5000,
    );
    expect(all).toHaveLength(4);
    // A subscription that delivers events 1-3, then 2-4 again (the overlap a buggy adapter could produce).
    const redelivering = Object.create(store) as PostgresEventStore;
    redelivering.subscribeAll = (_options, handler) => {
      const done = (async () => {
        await handler(all.slice(0, 3));
        await handler(all.slice(1, 4));
      })();
      return { done, stop: async () => undefined };
    };
    const projection = new SumProjection();
    const runner = new ProjectionRunner(projection, redelivering, dataSource, { maxRetries: 0 });
    runner.start();
    expect(await runner.waitFor(all[3].position, 5000)).toBe(true);
    await runner.stop();
    await store.close();
    expect(projection.applied).toBe(4);
    expect(await dataSource.query('SELECT total::int AS total, events FROM test_sums')).toEqual([{ total: 10, events: 4 }]);
  });
});
