import { Client, Pool, PoolClient } from 'pg';
import {
  AllPosition,
  AppendResult,
  DuplicateEventIdError,
  EventsHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeAllOptions,
  Subscription,
  WrongExpectedVersionError,
} from './event-store';
import { Upcasters, upcasters as defaultUpcasters } from './upcasters';

export const EVENTS_CHANNEL = 'qrs_events';

const SELECT_COLUMNS = `position::text AS position, transaction_id::text AS commit, stream_id, revision::text AS revision,
  id::text AS id, type, data, metadata`;

interface EventRow {
  position: string;
  commit: string;
  stream_id: string;
  revision: string;
  id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

/** pg error codes we act on. */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';
const SERIALIZATION = '40001';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded default event store: PostgreSQL tables `event_streams` (one row per stream, its revision, the
 * optimistic-concurrency lock) and `events` (global position, writing transaction id as xid8).
 *
 * `$all` is read in (transaction_id, position) order and only below pg_snapshot_xmin(pg_current_snapshot()):
 * a transaction that is still in flight holds back every event of later transactions until it ends, so a
 * slow writer that commits late is never skipped by a reader that already moved past later positions.
 */
export class PostgresEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private listenClient: Client | null = null;
  private listenPromise: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: { upcasters?: Upcasters; pollIntervalMs?: number; connectionString?: string } = {},
  ) {}

  private get upcasters(): Upcasters {
    return this.options.upcasters ?? defaultUpcasters;
  }

  async append(streamId: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    const [result] = await this.appendMany([{ streamId, events, expectedRevision }]);
    return result;
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    // One order for row locks across writers, so two batches touching the same streams cannot deadlock.
    const order = appends.map((append, index) => ({ append, index })).sort((a, b) => (a.append.streamId < b.append.streamId ? -1 : a.append.streamId > b.append.streamId ? 1 : 0));
    for (let attempt = 0; ; attempt++) {
      const client = await this.pool.connect();
      try {
        await client.query('BEGIN');
        const results: AppendResult[] = new Array(appends.length);
        for (const { append, index } of order) results[index] = await this.appendInTransaction(client, append);
        await client.query(`SELECT pg_notify('${EVENTS_CHANNEL}', '')`);
        await client.query('COMMIT');
        return results;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (error as { code?: string }).code;
        // A concurrent writer stored some of these ids (or locked in between): retrying re-filters stored ids.
        if ((code === UNIQUE_VIOLATION || code === DEADLOCK || code === SERIALIZATION) && attempt < 5) {
          await sleep(5 * (attempt + 1));
          continue;
        }
        if (error instanceof WrongExpectedVersionError && appends.length === 1) {
          const idempotent = await this.storedResult(appends[0]);
          if (idempotent) return [idempotent];
        }
        throw error;
      } finally {
        client.release();
      }
    }
  }

  /** The result of an append whose every event is already stored in its stream, or null. */
  private async storedResult(append: StreamAppend): Promise<AppendResult | null> {
    const ids = append.events.map((event) => event.id);
    const { rows } = await this.pool.query<EventRow>(`SELECT ${SELECT_COLUMNS} FROM events WHERE id = ANY($1::uuid[]) ORDER BY position`, [ids]);
    if (rows.length !== ids.length || rows.some((row) => row.stream_id !== append.streamId)) return null;
    const last = rows[rows.length - 1];
    const head = await this.pool.query<{ revision: string }>('SELECT revision::text AS revision FROM event_streams WHERE stream_id = $1', [append.streamId]);
    return { nextRevision: BigInt(head.rows[0].revision), position: { commit: BigInt(last.commit), prepare: BigInt(last.position) } };
  }

  private async appendInTransaction(client: PoolClient, { streamId, events, expectedRevision }: StreamAppend): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Append to ${streamId} without events`);
    const ids = events.map((event) => event.id);
    const stored = await client.query<EventRow>(`SELECT ${SELECT_COLUMNS} FROM events WHERE id = ANY($1::uuid[]) ORDER BY position`, [ids]);
    let fresh = events;
    if (stored.rows.length > 0) {
      const elsewhere = stored.rows.find((row) => row.stream_id !== streamId);
      if (elsewhere) throw new DuplicateEventIdError(elsewhere.id);
      const storedIds = new Set(stored.rows.map((row) => row.id));
      fresh = events.filter((event) => !storedIds.has(event.id));
      if (fresh.length === 0) {
        // A retry of an append that already happened: nothing to do, answer what was stored.
        const last = stored.rows[stored.rows.length - 1];
        const head = await client.query<{ revision: string }>('SELECT revision::text AS revision FROM event_streams WHERE stream_id = $1', [streamId]);
        return { nextRevision: BigInt(head.rows[0].revision), position: { commit: BigInt(last.commit), prepare: BigInt(last.position) } };
      }
      if (typeof expectedRevision === 'bigint' || expectedRevision === 'no_stream') throw new DuplicateEventIdError(stored.rows[0].id);
    }

    const count = fresh.length;
    let head: { rows: { revision: string }[] };
    if (expectedRevision === 'no_stream') {
      head = await client.query('INSERT INTO event_streams (stream_id, revision) VALUES ($1, $2) ON CONFLICT (stream_id) DO NOTHING RETURNING revision::text AS revision', [streamId, count - 1]);
    } else if (expectedRevision === 'any') {
      head = await client.query(
        `INSERT INTO event_streams (stream_id, revision) VALUES ($1, $2::bigint - 1)
         ON CONFLICT (stream_id) DO UPDATE SET revision = event_streams.revision + $2::bigint RETURNING revision::text AS revision`,
        [streamId, count],
      );
    } else if (expectedRevision === 'stream_exists') {
      head = await client.query('UPDATE event_streams SET revision = revision + $2 WHERE stream_id = $1 RETURNING revision::text AS revision', [streamId, count]);
    } else {
      head = await client.query('UPDATE event_streams SET revision = revision + $2 WHERE stream_id = $1 AND revision = $3 RETURNING revision::text AS revision', [
        streamId,
        count,
        expectedRevision.toString(),
      ]);
    }
    if (head.rows.length === 0) {
      const actual = await client.query<{ revision: string }>('SELECT revision::text AS revision FROM event_streams WHERE stream_id = $1', [streamId]);
      throw new WrongExpectedVersionError(streamId, expectedRevision, actual.rows.length ? BigInt(actual.rows[0].revision) : 'no_stream');
    }
    const nextRevision = BigInt(head.rows[0].revision);
    const firstRevision = nextRevision - BigInt(count) + 1n;

    const inserted = await client.query<{ position: string; commit: string }>(
      `INSERT INTO events (stream_id, revision, id, type, data, metadata)
       SELECT $1, r, i, t, d, m FROM unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) AS x(r, i, t, d, m)
       RETURNING position::text AS position, transaction_id::text AS commit`,
      [
        streamId,
        fresh.map((_, offset) => (firstRevision + BigInt(offset)).toString()),
        fresh.map((event) => event.id),
        fresh.map((event) => event.type),
        fresh.map((event) => JSON.stringify(event.data ?? null)),
        fresh.map((event) => JSON.stringify(event.metadata)),
      ],
    );
    const last = inserted.rows.reduce((max, row) => (BigInt(row.position) > BigInt(max.position) ? row : max));
    return { nextRevision, position: { commit: BigInt(last.commit), prepare: BigInt(last.position) } };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
      [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const after = options.after;
    const { rows } =
      after && after.commit >= 0n
        ? await this.pool.query<EventRow>(
            `SELECT ${SELECT_COLUMNS} FROM events
             WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
               AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY transaction_id, position LIMIT $3`,
            [after.commit.toString(), after.prepare.toString(), maxCount],
          )
        : await this.pool.query<EventRow>(
            `SELECT ${SELECT_COLUMNS} FROM events
             WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY transaction_id, position LIMIT $1`,
            [maxCount],
          );
    return rows.map((row) => this.toRecorded(row));
  }

  async headPosition(): Promise<AllPosition | null> {
    const { rows } = await this.pool.query<{ commit: string; position: string }>(
      `SELECT transaction_id::text AS commit, position::text AS position FROM events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    return rows.length ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].position) } : null;
  }

  subscribeAll(options: SubscribeAllOptions, handler: EventsHandler): Subscription {
    const batchSize = options.batchSize ?? 500;
    const pollIntervalMs = this.options.pollIntervalMs ?? 500;
    let checkpoint = options.after ?? null;
    let stopped = false;
    let wake: (() => void) | null = null;
    const notify = () => wake?.();
    this.listeners.add(notify);

    const run = async () => {
      await this.ensureListening().catch(() => undefined); // polling still works without LISTEN
      while (!stopped) {
        const events = await this.readAll({ after: checkpoint, maxCount: batchSize });
        if (events.length > 0) {
          await handler(events);
          checkpoint = events[events.length - 1].position;
          continue;
        }
        // Caught up: sleep until a commit is announced, or the poll interval passes (a rolled-back or
        // announced-elsewhere transaction still moves xmin, and polling picks that up).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    };
    const done = run().finally(() => this.listeners.delete(notify));
    done.catch(() => undefined);
    return {
      done,
      stop: async () => {
        stopped = true;
        notify();
        await done.catch(() => undefined);
      },
    };
  }

  /** One LISTEN connection per store, shared by its subscriptions; reconnects lazily after an error. */
  private ensureListening(): Promise<void> {
    if (this.listenPromise) return this.listenPromise;
    this.listenPromise = (async () => {
      const client = new Client(this.options.connectionString ? { connectionString: this.options.connectionString } : (this.pool as unknown as { options: object }).options);
      client.on('notification', () => this.listeners.forEach((listener) => listener()));
      client.on('error', () => {
        this.listenClient = null;
        this.listenPromise = null;
        client.end().catch(() => undefined);
      });
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listenClient = client;
    })().catch((error) => {
      this.listenPromise = null;
      throw error;
    });
    return this.listenPromise;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listenClient?.end().catch(() => undefined);
    this.listenClient = null;
  }

  private toRecorded(row: EventRow): RecordedEvent {
    return this.upcasters.apply({
      id: row.id,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamId: row.stream_id,
      revision: BigInt(row.revision),
      position: { commit: BigInt(row.commit), prepare: BigInt(row.position) },
    });
  }
}
