/**
 * Event store benchmark (not a test): see README.md. Creates a fresh database, measures, drops it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import type { QueryRunner } from 'typeorm';
import { EventStore1763780000000 } from '../../backend/src/database/migrations/1763780000000-event-store';
import { AllPosition, NewEvent, StreamAppend } from '../../backend/src/event-store/event-store';
import { PostgresEventStore } from '../../backend/src/event-store/postgres-event-store';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SINGLE_WRITERS = 16;
const SINGLE_SECONDS = Number(process.env.BENCH_SINGLE_SECONDS ?? 10);
const BATCH_SIZE = 500;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 200);
const READ_PAGE = 1000;
const REPLAY_BATCH = Number(process.env.BENCH_REPLAY_BATCH ?? 1000);

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  // Every pg connection gets an 'error' listener: one the server ends between queries would otherwise end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const TYPES = ['QrCodeScanned', 'QrCodeCreated', 'QrCodeUpdated', 'ClientUpdated'];
const event = (n: number): NewEvent => ({
  id: randomUUID(),
  type: TYPES[n % TYPES.length],
  data: { qrId: n % 1000, userAgent: 'Mozilla/5.0 (bench)', country: 'DE', at: n },
  metadata: {
    tenantId: 1,
    actorId: 'bench',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

const rate = (count: number, ms: number) => Math.round((count * 1000) / ms).toLocaleString('en-US');
const report = (label: string, count: number, ms: number) =>
  console.log(
    `${label.padEnd(58)} ${rate(count, ms).padStart(10)} events/s  (${count.toLocaleString('en-US')} events in ${(ms / 1000).toFixed(1)} ` +
      `s)`,
  );

export async function main(): Promise<void> {
  const name = `qrs_bench_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(ADMIN_URL, name);
  if (!['127.0.0.1', 'localhost', '::1'].includes(new URL(url).hostname))
    throw new Error('The benchmark only runs against a local PostgreSQL');
  await admin(`CREATE DATABASE ${name}`);
  const pool = new Pool({ connectionString: url, max: SINGLE_WRITERS + 4 });
  // An idle pooled connection that the server drops must not crash the run.
  pool.on('error', (error) => console.error(`idle connection lost: ${error.message}`));
  const store = new PostgresEventStore(pool, { connectionString: url });
  try {
    await new EventStore1763780000000().up({ query: (sql: string) => pool.query(sql) } as unknown as QueryRunner);
    console.log(`Event store benchmark on ${name} (PostgreSQL ${(await pool.query('SHOW server_version')).rows[0].server_version})`);
    let stored = 0;

    // 1. Single-event appends, 16 concurrent writers, each on its own stream with an exact expected revision.
    {
      const deadline = Date.now() + SINGLE_SECONDS * 1000;
      const started = Date.now();
      const counts = await Promise.all(
        Array.from({ length: SINGLE_WRITERS }, async () => {
          const streamId = `qr-${randomUUID()}`;
          let revision: bigint | 'no_stream' = 'no_stream';
          let count = 0;
          while (Date.now() < deadline) {
            revision = (await store.append(streamId, [event(count)], { expectedRevision: revision })).nextRevision;
            count++;
          }
          return count;
        }),
      );
      const count = counts.reduce((sum, n) => sum + n, 0);
      report(`append, 1 event per call, ${SINGLE_WRITERS} concurrent writers`, count, Date.now() - started);
      stored += count;
    }

    // 2. Batches of 500 through appendMany (one transaction each), 50 streams x 10 events, one writer.
    {
      const started = Date.now();
      for (let batch = 0; batch < BATCHES; batch++) await store.appendMany(batchOf(batch));
      report(`appendMany, batches of ${BATCH_SIZE} (50 streams x 10), 1 writer`, BATCHES * BATCH_SIZE, Date.now() - started);
      stored += BATCHES * BATCH_SIZE;
    }

    // Fill up to TOTAL_EVENTS with 4 concurrent batch writers (not measured).
    {
      const started = Date.now();
      let next = 0;
      const missing = Math.max(0, Math.ceil((TOTAL_EVENTS - stored) / BATCH_SIZE));
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < missing) {
            next++;
            await store.appendMany(batchOf(BATCHES + next));
          }
        }),
      );
      stored += missing * BATCH_SIZE;
      report('(fill) appendMany, batches of 500, 4 concurrent writers', missing * BATCH_SIZE, Date.now() - started);
    }
    const total = Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
    await pool.query('VACUUM ANALYZE events');

    // 3. $all read rate: page through everything.
    {
      const started = Date.now();
      let after: AllPosition | null = null;
      let read = 0;
      while (read < total) {
        const page = await store.readAll({ after, maxCount: READ_PAGE });
        if (page.length === 0) await waitForXmin(started);
        read += page.length;
        if (page.length) after = page[page.length - 1].position;
      }
      report(`readAll, pages of ${READ_PAGE}`, read, Date.now() - started);
    }

    // 4. Replay into a counting projection: each batch applied and its checkpoint moved in one transaction.
    {
      await pool.query('CREATE TABLE bench_event_counts (type text PRIMARY KEY, count bigint NOT NULL)');
      await pool.query("INSERT INTO projection_checkpoints (name) VALUES ('bench_counts')");
      const started = Date.now();
      let checkpoint: AllPosition | null = null;
      let replayed = 0;
      for (;;) {
        if (replayed >= total) break;
        const events = await store.readAll({ after: checkpoint, maxCount: REPLAY_BATCH });
        if (events.length === 0) {
          await waitForXmin(started);
          continue;
        }
        const counts = new Map<string, number>();
        for (const recorded of events) counts.set(recorded.type, (counts.get(recorded.type) ?? 0) + 1);
        const next = events[events.length - 1].position;
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(
            `INSERT INTO bench_event_counts (type, count) SELECT * FROM unnest($1::text[], $2::bigint[])
             ON CONFLICT (type) DO UPDATE SET count = bench_event_counts.count + excluded.count`,
            [[...counts.keys()], [...counts.values()]],
          );
          const moved = await client.query(
            `UPDATE projection_checkpoints SET commit_position = $2, prepare_position = $3, updated_at = now()
             WHERE name = $1 AND commit_position = $4 AND prepare_position = $5`,
            [
              'bench_counts',
              next.commit.toString(),
              next.prepare.toString(),
              (checkpoint?.commit ?? -1n).toString(),
              (checkpoint?.prepare ?? -1n).toString(),
            ],
          );
          if (moved.rowCount !== 1) throw new Error('checkpoint moved by someone else');
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
        checkpoint = next;
        replayed += events.length;
      }
      const counted = Number((await pool.query('SELECT sum(count) AS n FROM bench_event_counts')).rows[0].n);
      if (counted !== total) throw new Error(`projection counted ${counted} of ${total} events`);
      report(`replay into a counting projection, batches of ${REPLAY_BATCH}`, replayed, Date.now() - started);
    }
  } finally {
    await store.close();
    await pool.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * $all only shows events below the oldest transaction in flight anywhere in the cluster: another database's long
 * transaction holds the tail back for a moment. Wait for it rather than stop early.
 */
async function waitForXmin(started: number): Promise<void> {
  if (Date.now() - started > 600_000) throw new Error('$all stayed behind an open transaction for 10 minutes');
  await new Promise((resolve) => setTimeout(resolve, 20));
}

function batchOf(batch: number): StreamAppend[] {
  return Array.from({ length: 50 }, (_, stream) => ({
    streamId: `scans-${batch % 200}-${stream}`,
    events: Array.from({ length: BATCH_SIZE / 50 }, (_, n) => event(n)),
    expectedRevision: 'any' as const,
  }));
}
