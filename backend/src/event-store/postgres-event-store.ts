import { Client, ClientBase, ClientConfig, Pool } from 'pg';
import {
  AllPosition,
  AppendResult,
  DuplicateEventIdError,
  EventsHandler,
  LAG_COUNT_CAP,
  StoreLag,
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
// The payload is the committing transaction's id, so a subscriber knows what it is still waiting for.
const NOTIFY = `SELECT pg_notify('${EVENTS_CHANNEL}', $1::text)`;

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
const MAX_APPEND_ATTEMPTS = 6;
/** Consecutive failed reads after which a subscription gives up and rejects `done`. */
const MAX_READ_FAILURES = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const errorCode = (error: unknown) => (error as { code?: string } | null)?.code;

export interface PostgresEventStoreOptions {
  upcasters?: Upcasters;
  /** How often a caught-up subscription polls when no NOTIFY arrives (a rolled-back transaction sends none). Default 500. */
  pollIntervalMs?: number;
  /** Connection for the LISTEN client; default: the pool's own settings. */
  connectionString?: string;
  /** Delay before the LISTEN client reconnects after losing its connection. Default 1000. */
  listenReconnectMs?: number;
}

/**
 * The embedded default event store: PostgreSQL tables `event_streams` (one row per stream, its revision, the
 * optimistic-concurrency lock) and `events` (global position, writing transaction id as xid8).
 *
 * `$all` is read in (transaction_id, position) order and only below pg_snapshot_xmin(pg_current_snapshot()):
 * a transaction that is still in flight holds back every event of later transactions until it ends, so a
 * slow writer that commits late is never skipped by a reader that already moved past later positions.
 * The price: any long transaction in the cluster that holds an xid delays `$all` readers (not writers).
 */
export class PostgresEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  /** Highest transaction id announced on the channel: subscribers behind it re-read soon rather than at the next poll. */
  private announcedCommit = -1n;
  private readonly subscriptions = new Set<Subscription>();
  private listenClient: Client | null = null;
  private listenState: 'idle' | 'connecting' | 'listening' = 'idle';
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: PostgresEventStoreOptions = {},
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
    validate(appends);
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      let released = false;
      // A checked-out client has no pool listener: a connection lost between our queries (a PostgreSQL restart,
      // 57P01) would be an unhandled 'error' event and end the process. Keep it; the next query fails instead.
      const onConnectionError = (error: Error) => (broken ??= error);
      client.on('error', onConnectionError);
      try {
        await client.query('BEGIN');
        const results = await this.appendInTransaction(client, appends, { notify: false });
        await client.query('COMMIT');
        // Announced after COMMIT: a NOTIFY inside the transaction takes a cluster-wide lock that is held across
        // the commit's WAL flush, which serializes all concurrent appends. If this one is lost, polling covers it.
        const commit = results.reduce((max, result) => (result.position.commit > max ? result.position.commit : max), -1n);
        await client.query(NOTIFY, [commit.toString()]).catch(() => undefined);
        return results;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        // Give the connection back before asking whether to retry: that check queries the pool, and holding
        // this one meanwhile starves the pool when many appends conflict at once.
        client.removeListener('error', onConnectionError);
        client.release(broken);
        released = true;
        if (attempt < MAX_APPEND_ATTEMPTS && (await this.isRetryable(error, appends))) {
          await sleep(Math.random() * 5 * attempt);
          continue;
        }
        throw error;
      } finally {
        if (!released) {
          client.removeListener('error', onConnectionError);
          client.release(broken);
        }
      }
    }
  }

  /**
   * EventStore.appendNew: one autocommitted statement per stream (the streams in parallel on the pool) that leaves out
   * the ids already stored, moves the stream's head by the count of the rest and inserts them, so an idempotent writer
   * (the scan recorder's direct path) waits for one round trip per append instead of BEGIN, the stored-id read, the
   * insert, COMMIT and NOTIFY. A concurrent copy of the same ids meets the unique key and is tried again (then it finds
   * them stored). The NOTIFY follows the commits without being waited for.
   */
  async appendNew(appends: { streamId: string; events: NewEvent[] }[]): Promise<void> {
    validate(appends.map((append) => ({ ...append, expectedRevision: 'any' })));
    const commits = await Promise.all(appends.map((append) => this.appendNewToStream(append.streamId, append.events)));
    const commit = commits.reduce<bigint | null>((max, one) => (one !== null && (max === null || one > max) ? one : max), null);
    if (commit !== null) void this.pool.query(NOTIFY, [commit.toString()]).catch(() => undefined);
  }

  private async appendNewToStream(streamId: string, events: NewEvent[]): Promise<bigint | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.pool.query<{ commit: string | null }>(
          `WITH x AS (SELECT * FROM unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS x(i, t, d, m, n)),
           fresh AS (
             SELECT x.i, x.t, x.d, x.m, row_number() OVER (ORDER BY x.n) AS k FROM x
             WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.id = x.i)
           ),
           total AS (SELECT count(*)::bigint AS c FROM fresh),
           head AS (
             INSERT INTO event_streams (stream_id, revision) SELECT $1, total.c - 1 FROM total WHERE total.c > 0
             ON CONFLICT (stream_id) DO UPDATE SET revision = event_streams.revision + EXCLUDED.revision + 1
             RETURNING revision
           ),
           inserted AS (
             INSERT INTO events (stream_id, revision, id, type, data, metadata)
             SELECT $1, head.revision - total.c + fresh.k, fresh.i, fresh.t, fresh.d, fresh.m
             FROM head, total, fresh ORDER BY fresh.k
             RETURNING transaction_id
           )
           SELECT (SELECT transaction_id::text FROM inserted LIMIT 1) AS commit`,
          [
            streamId,
            events.map((event) => event.id),
            events.map((event) => event.type),
            events.map((event) => JSON.stringify(event.data ?? null)),
            events.map((event) => JSON.stringify(event.metadata)),
          ],
        );
        return rows[0]?.commit ? BigInt(rows[0].commit) : null;
      } catch (error) {
        const code = errorCode(error);
        if (attempt < MAX_APPEND_ATTEMPTS && (code === UNIQUE_VIOLATION || code === DEADLOCK || code === SERIALIZATION)) {
          await sleep(Math.random() * 5 * attempt);
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * A concurrent writer stored some of these ids or locked rows in another order: try again, and the retry
   * either succeeds or finds the ids stored (an idempotent no-op). A conflict is retried only when the
   * conflicting stream now holds exactly this append's ids, i.e. a concurrent copy of the same append won.
   */
  private async isRetryable(error: unknown, appends: StreamAppend[]): Promise<boolean> {
    const code = errorCode(error);
    if (code === UNIQUE_VIOLATION || code === DEADLOCK || code === SERIALIZATION) return true;
    if (!(error instanceof WrongExpectedVersionError)) return false;
    const append = appends.find((candidate) => candidate.streamId === error.streamId);
    if (!append) return false;
    const ids = append.events.map((event) => event.id);
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM events WHERE id = ANY($1::uuid[]) AND stream_id = $2',
      [ids, append.streamId],
    );
    return Number(rows[0].count) === ids.length;
  }

  /**
   * Appends within the caller's open transaction on `client` (the caller BEGINs and COMMITs or rolls back).
   * appendMany runs exactly this inside its own transaction; use it directly to write events atomically with
   * other rows. The commit announces itself on the qrs_events channel unless `notify` is false (then the caller
   * should NOTIFY after COMMIT; subscribers fall back to polling otherwise).
   */
  async appendInTransaction(
    client: ClientBase,
    appends: StreamAppend[],
    { notify = true }: { notify?: boolean } = {},
  ): Promise<AppendResult[]> {
    validate(appends);
    const stored = await client.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE id = ANY($1::uuid[]) ORDER BY events.position`,
      [appends.flatMap(({ events }) => events.map((event) => event.id))],
    );
    const storedById = new Map(stored.rows.map((row) => [row.id, row]));
    // One order for row locks across writers, so two batches touching the same streams cannot deadlock.
    const order = appends
      .map((append, index) => ({ append, index }))
      .sort((a, b) => (a.append.streamId < b.append.streamId ? -1 : a.append.streamId > b.append.streamId ? 1 : a.index - b.index));
    const results: AppendResult[] = new Array(appends.length);
    for (const { append, index } of order) {
      results[index] =
        storedById.size > 0
          ? (storedResult(append, storedById) ?? (await this.appendStream(client, append)))
          : await this.appendStream(client, append);
    }
    if (notify) await client.query(`SELECT pg_notify('${EVENTS_CHANNEL}', pg_current_xact_id()::text)`);
    return results;
  }

  private async appendStream(client: ClientBase, { streamId, events, expectedRevision }: StreamAppend): Promise<AppendResult> {
    const count = events.length;
    let head: string;
    if (expectedRevision === 'no_stream') {
      head = 'INSERT INTO event_streams (stream_id, revision) VALUES ($1, $6::bigint - 1) ON CONFLICT (stream_id) DO NOTHING';
    } else if (expectedRevision === 'any') {
      head = `INSERT INTO event_streams (stream_id, revision) VALUES ($1, $6::bigint - 1)
              ON CONFLICT (stream_id) DO UPDATE SET revision = event_streams.revision + $6::bigint`;
    } else if (expectedRevision === 'stream_exists') {
      head = 'UPDATE event_streams SET revision = revision + $6::bigint WHERE stream_id = $1';
    } else {
      head = 'UPDATE event_streams SET revision = revision + $6::bigint WHERE stream_id = $1 AND revision = $7::bigint';
    }
    // One round trip: move the stream's head (the optimistic-concurrency check) and insert its events.
    const { rows } = await client.query<{ revision: string | null; position: string | null; commit: string | null }>(
      `WITH head AS (${head} RETURNING revision),
       inserted AS (
         INSERT INTO events (stream_id, revision, id, type, data, metadata)
         SELECT $1, head.revision - $6::bigint + x.n, x.i, x.t, x.d, x.m
         FROM head, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) WITH ORDINALITY AS x(i, t, d, m, n)
         ORDER BY x.n
         RETURNING position, transaction_id
       )
       SELECT (SELECT revision::text FROM head) AS revision, (SELECT max(position)::text FROM inserted) AS position,
              (SELECT transaction_id::text FROM inserted LIMIT 1) AS commit`,
      [
        streamId,
        events.map((event) => event.id),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data ?? null)),
        events.map((event) => JSON.stringify(event.metadata)),
        count,
        ...(typeof expectedRevision === 'bigint' ? [expectedRevision.toString()] : []),
      ],
    );
    const [row] = rows;
    if (row.revision === null || row.position === null || row.commit === null) {
      const actual = await client.query<{ revision: string }>('SELECT revision::text AS revision FROM event_streams WHERE stream_id = $1', [
        streamId,
      ]);
      throw new WrongExpectedVersionError(streamId, expectedRevision, actual.rows.length ? BigInt(actual.rows[0].revision) : 'no_stream');
    }
    return { nextRevision: BigInt(row.revision), position: { commit: BigInt(row.commit), prepare: BigInt(row.position) } };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY events.revision LIMIT $3`,
      [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const after = options.after;
    // pg_current_snapshot() is the statement's snapshot: every transaction below its xmin has ended and,
    // if it committed, is visible to this very statement.
    const { rows } =
      after && after.commit >= 0n
        ? await this.pool.query<EventRow>(
            `SELECT ${SELECT_COLUMNS} FROM events
             WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
               AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY events.transaction_id, events.position LIMIT $3`,
            [after.commit.toString(), after.prepare.toString(), maxCount],
          )
        : await this.pool.query<EventRow>(
            `SELECT ${SELECT_COLUMNS} FROM events
             WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY events.transaction_id, events.position LIMIT $1`,
            [maxCount],
          );
    return rows.map((row) => this.toRecorded(row));
  }

  async headPosition(): Promise<AllPosition | null> {
    const { rows } = await this.pool.query<{ commit: string; position: string }>(
      `SELECT transaction_id::text AS commit, position::text AS position FROM events
       WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1`,
    );
    return rows.length ? { commit: BigInt(rows[0].commit), prepare: BigInt(rows[0].position) } : null;
  }

  async countAll(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*)::bigint AS n FROM events');
    return Number(rows[0].n);
  }

  /**
   * Counts what a reader could read next: events after the checkpoint in `$all` order AND under this store's
   * visibility rule (`transaction_id` below the snapshot's xmin, the reader rule of readAll). An event committed
   * behind a transaction still in flight is not counted yet: no reader can see it before that transaction ends.
   */
  async lag(checkpoint: AllPosition): Promise<StoreLag> {
    const fromStart = checkpoint.commit < 0n;
    const after = fromStart ? 'TRUE' : '(transaction_id, position) > ($1::text::xid8, $2::bigint)';
    const params = fromStart ? [] : [checkpoint.commit.toString(), checkpoint.prepare.toString()];
    const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
    const { rows } = await this.pool.query<{ n: number; at: string | null }>(
      `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM events WHERE ${after} AND ${visible} LIMIT ${LAG_COUNT_CAP}) behind) AS n,
              (SELECT metadata->>'occurredAt' FROM events WHERE ${after} AND ${visible} ORDER BY transaction_id, position LIMIT 1) AS at`,
      params,
    );
    const events = rows[0]?.n ?? 0;
    if (!events) return { events: 0, capped: false, seconds: 0 };
    const at = rows[0].at ? Date.parse(rows[0].at) : NaN;
    return {
      events,
      capped: events >= LAG_COUNT_CAP,
      seconds: Number.isFinite(at) ? Math.max(0, Math.round((Date.now() - at) / 1000)) : 0,
    };
  }

  subscribeAll(options: SubscribeAllOptions, handler: EventsHandler): Subscription {
    if (this.closed) throw new Error('PostgresEventStore is closed');
    const batchSize = options.batchSize ?? 500;
    const pollIntervalMs = this.options.pollIntervalMs ?? 500;
    let checkpoint = options.after ?? null;
    let stopped = false;
    // Set by every wake-up, cleared before each read: a NOTIFY that lands while a read is in flight is not lost.
    let signalled = false;
    let retryMs = 0;
    let wake: (() => void) | null = null;
    const notify = () => {
      signalled = true;
      wake?.();
    };
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        if (signalled || stopped) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
      });

    this.listeners.add(notify);
    this.connectListener();

    const run = async () => {
      let failures = 0;
      while (!stopped) {
        signalled = false;
        let events: RecordedEvent[];
        try {
          events = await this.readAll({ after: checkpoint, maxCount: batchSize });
          failures = 0;
        } catch (error) {
          // The database restarted or the pool is exhausted: back off and read again, give up after a while.
          if (++failures >= MAX_READ_FAILURES || stopped) throw error;
          await pause(Math.min(100 * 2 ** failures, 5000));
          continue;
        }
        if (stopped) break;
        if (events.length > 0) {
          retryMs = 0;
          await handler(events);
          checkpoint = events[events.length - 1].position;
          continue;
        }
        // A commit was announced but is not readable yet (an older transaction anywhere in the cluster holds
        // xmin back): re-read with a short backoff instead of waiting a whole poll interval.
        if ((checkpoint?.commit ?? -1n) < this.announcedCommit) {
          retryMs = Math.min(retryMs ? retryMs * 2 : 10, 200, pollIntervalMs);
          await pause(retryMs);
          continue;
        }
        retryMs = 0;
        // Caught up: sleep until a commit is announced or the poll interval passes (a rolled-back transaction
        // moves xmin without a NOTIFY, and polling picks that up).
        await pause(pollIntervalMs);
      }
    };
    const done = run().finally(() => {
      this.listeners.delete(notify);
      this.subscriptions.delete(subscription);
    });
    done.catch(() => undefined);
    const subscription: Subscription = {
      done,
      stop: async () => {
        stopped = true;
        notify();
        await done.catch(() => undefined);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** One LISTEN connection per store, shared by its subscriptions; it reconnects after losing its connection. */
  private connectListener(): void {
    if (this.closed || this.listenState !== 'idle' || this.listeners.size === 0) return;
    this.listenState = 'connecting';
    const client = new Client(this.listenConfig());
    let dead = false;
    const onDead = () => {
      if (dead) return;
      dead = true;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.listenClient === client) this.listenClient = null;
      this.listenState = 'idle';
      if (this.closed) return;
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.connectListener();
      }, this.options.listenReconnectMs ?? 1000);
      this.reconnectTimer.unref();
    };
    client.on('error', onDead);
    client.on('end', onDead);
    client.on('notification', (message) => {
      if (message.payload && /^\d+$/.test(message.payload) && BigInt(message.payload) > this.announcedCommit)
        this.announcedCommit = BigInt(message.payload);
      this.wakeAll();
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${EVENTS_CHANNEL}`))
      .then(() => {
        if (dead) return;
        if (this.closed) {
          dead = true;
          client.end().catch(() => undefined);
          return;
        }
        this.listenClient = client;
        this.listenState = 'listening';
        // Commits announced while nobody listened would otherwise wait for the next poll.
        this.wakeAll();
      })
      .catch(onDead);
  }

  private listenConfig(): ClientConfig {
    if (this.options.connectionString) return { connectionString: this.options.connectionString };
    const {
      max: _max,
      idleTimeoutMillis: _idle,
      ...config
    } = this.pool.options as ClientConfig & { max?: number; idleTimeoutMillis?: number };
    return { ...config, keepAlive: true };
  }

  private wakeAll(): void {
    this.listeners.forEach((listener) => listener());
  }

  /** Stops every subscription and the LISTEN client. The pool belongs to the caller and stays open. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => undefined);
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

/**
 * The answer for an append whose ids are all stored already (a retry: a no-op that answers what the first attempt
 * answered), null when none is stored. Some stored and some new, or stored in another stream or as another type,
 * is not a retry of the same append.
 */
function storedResult({ streamId, events }: StreamAppend, storedById: Map<string, EventRow>): AppendResult | null {
  const rows = events.map((event) => storedById.get(event.id.toLowerCase()));
  if (rows.every((row) => row === undefined)) return null;
  const mismatch = events.find((event, index) => rows[index]?.stream_id !== streamId || rows[index]?.type !== event.type);
  if (mismatch)
    throw new DuplicateEventIdError(storedById.has(mismatch.id.toLowerCase()) ? mismatch.id : events[rows.findIndex(Boolean)].id);
  const last = (rows as EventRow[]).reduce((max, row) => (BigInt(row.position) > BigInt(max.position) ? row : max));
  return { nextRevision: BigInt(last.revision), position: { commit: BigInt(last.commit), prepare: BigInt(last.position) } };
}

function validate(appends: StreamAppend[]): void {
  const seen = new Set<string>();
  for (const { streamId, events } of appends) {
    if (events.length === 0) throw new Error(`Append to ${streamId} without events`);
    for (const event of events) {
      const id = event.id.toLowerCase();
      if (seen.has(id)) throw new DuplicateEventIdError(event.id);
      seen.add(id);
    }
  }
}
