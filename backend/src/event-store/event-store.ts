/**
 * The event store port (DESIGN.md section 3). Two adapters implement it:
 * PostgresEventStore (the embedded default) and EsdbEventStore (EVENT_STORE=esdb).
 * Both pass event-store.contract.ts.
 *
 * The PostgreSQL adapter's tables belong to this folder (scripts/check-feature-sql.mjs): @ownsTables events, event_streams
 */

/**
 * 'no_stream': the stream must not exist; 'stream_exists': it must; 'any': no check; bigint: the stream's
 * current revision (0-based) must equal it.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export interface EventMetadata {
  /** Tenant (clients.id) the event belongs to. */
  tenantId: number;
  /** Who caused it: a user id, 'system', or 'anonymous'. */
  actorId: string;
  /** The request id (or job id) that started the chain of events. */
  correlationId: string;
  /** Id of the event or command that directly caused this one; null for the first. */
  causationId: string | null;
  /** ISO-8601 time at which the event happened. */
  occurredAt: string;
  /** Version of the event's data shape; upcasters raise old versions on read. */
  schemaVersion: number;
}

export interface NewEvent<T = unknown> {
  /** UUID chosen by the caller: appending an id that is already stored is a no-op. */
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

/**
 * A position in `$all`. Events are ordered by (commit, prepare), compared lexicographically.
 * Postgres adapter: commit = id of the writing transaction (xid8), prepare = global sequence number.
 * EventStoreDB adapter: its own commit and prepare positions.
 */
export interface AllPosition {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent<T = unknown> extends NewEvent<T> {
  streamId: string;
  /** 0-based revision of the event within its stream. */
  revision: bigint;
  position: AllPosition;
}

export interface AppendResult {
  /** Revision of the last event in the stream after the append. */
  nextRevision: bigint;
  /** $all position of the last appended event (or of the stored one, for an idempotent retry). */
  position: AllPosition;
}

export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadStreamOptions {
  /** Inclusive; default 0. */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Default: the start of $all. */
  after?: AllPosition | null;
  maxCount?: number;
}

export interface SubscribeAllOptions {
  /** Exclusive checkpoint: delivery starts with the first event after it. */
  after?: AllPosition | null;
  /** Delivered events per handler call during catch-up; default 500. */
  batchSize?: number;
}

export interface Subscription {
  /** Stops delivery; resolves once the handler in flight has finished. */
  stop(): Promise<void>;
  /** Resolves or rejects when the subscription ends (rejects if the handler or the store failed). */
  readonly done: Promise<void>;
}

export type EventsHandler = (events: RecordedEvent[]) => Promise<void>;

/** Events behind a checkpoint are counted up to this many (a count of millions on every poll would cost more than it tells). */
export const LAG_COUNT_CAP = 100_000;

export interface StoreLag {
  /** Events after the checkpoint that a reader of `$all` can see now, counted up to LAG_COUNT_CAP. */
  events: number;
  /** True when the count reached LAG_COUNT_CAP and stopped there. */
  capped: boolean;
  /** Age in seconds of the oldest of those events; 0 when there is none. */
  seconds: number;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends to many streams. Postgres: one transaction, all or nothing.
   * EventStoreDB (no multi-stream transactions): stream by stream; retrying the same batch is safe because
   * event ids make every append idempotent.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  /**
   * For idempotent writers only (scans, issue 31): appends to the end of each stream (any revision) those of its
   * events whose ids the store does not hold yet, and answers once they are committed. Postgres: one statement per
   * stream, each its own transaction, so one round trip where appendMany takes five; streams are not atomic together
   * (a retry after a failure stores only what is missing). Optional: without it, callers use appendMany.
   */
  appendNew?(appends: { streamId: string; events: NewEvent[] }[]): Promise<void>;
  /** Events of one stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream in $all order, strictly after `after`. Never skips an event committed late. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up from the checkpoint, then live. Every event is delivered exactly once, in $all order. */
  subscribeAll(options: SubscribeAllOptions, handler: EventsHandler): Subscription;
  /** Position of the last event visible in $all, or null when it is empty. */
  headPosition(): Promise<AllPosition | null>;
  /**
   * Store-level questions (issue 29 item 1): operations, the CLI and rebuilds ask the store, never its tables.
   * null means "not supported": the adapter cannot answer cheaply (EventStoreDB has no count of `$all`).
   */
  /** Number of events in `$all`. */
  countAll(): Promise<number | null>;
  /**
   * How far a reader whose checkpoint is `checkpoint` is behind: the events it could read next (after the checkpoint
   * in `$all` order and visible to readers now), counted up to LAG_COUNT_CAP, and the age of the oldest.
   */
  lag(checkpoint: AllPosition): Promise<StoreLag | null>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** An event id that is already stored was appended together with new ids, or to another stream. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} is already stored with different content`);
  }
}

export const compareAllPositions = (a: AllPosition, b: AllPosition): number =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;

export const START: AllPosition = { commit: -1n, prepare: -1n };
