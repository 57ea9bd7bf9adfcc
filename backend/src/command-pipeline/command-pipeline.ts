import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { requestContext } from '../common/request-context';
import {
  AllPosition,
  compareAllPositions,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamAppend,
  WrongExpectedVersionError,
} from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { WaitTarget } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { CONCURRENT_CHANGE, DomainError } from '../common/domain-error';

/** An event as a decide function returns it: no envelope, no I/O. `id` only where the event's identity is given (scan ids). */
export interface Decided<T = unknown> {
  type: string;
  data: T;
  id?: string;
}

/** What evolve folds: a stored event, or a just-appended envelope (both carry metadata), or a bare decided event. */
export type Evolvable = Decided & { metadata?: EventMetadata };
export type Evolve<S> = (state: S, event: Evolvable) => S;

/** Who acts and for which tenant: the envelope's metadata. Defaults to the request context. */
export interface Actor {
  actorId: string;
  tenantId: number;
}

/** A stream folded to its state; `revision` is what the next append expects. */
export interface Loaded<S> {
  streamId: string;
  state: S;
  revision: bigint | 'no_stream';
  events: RecordedEvent[];
}

/** What a plan wants appended. Without `expectedRevision`, the revision the plan loaded (it must have loaded the stream). */
export interface PlannedAppend {
  streamId: string;
  events: Decided[];
  expectedRevision?: ExpectedRevision;
}

/** What the command committed: the answer is built from this, never from a read model that might lag. */
export interface Committed {
  /** Position of the last appended event; null when the decision appended nothing. */
  position: AllPosition | null;
  /** Per appended stream: the envelopes stored and the stream's revision after the append. */
  streams: Map<string, { events: NewEvent[]; revision: bigint }>;
  /** True when every projection waited for has passed `position`: its tables may be read. */
  caughtUp: boolean;
}

export interface Plan<R> {
  appends: PlannedAppend[];
  answer: (committed: Committed) => R | Promise<R>;
}

/** Loads streams for a plan and remembers their revisions, so appends expect exactly what the decision saw. */
export interface PlanContext {
  load<S>(streamId: string, initial: S, evolve: Evolve<S>): Promise<Loaded<S>>;
}

export interface ExecuteOptions<R> {
  /** Loads what the decision needs (through `ctx.load`), decides (pure functions), and says what to append and answer. */
  plan: (ctx: PlanContext) => Promise<Plan<R>>;
  /** Projections whose tables `answer` reads when caught up. Default: none (no wait). */
  waitFor?: readonly WaitTarget[];
  actor?: Actor;
  /**
   * A revision conflict on a stream: re-decide from fresh state (true), or answer with this error. Default: re-decide
   * (bounded by `attempts`), then 409.
   */
  onConflict?: (error: WrongExpectedVersionError, attempt: number) => true | DomainError;
  /** Decisions tried at most this often (default 25: every racer of a busy stream gets its turn). */
  attempts?: number;
}

export interface RunOptions<S, R> {
  stream: string;
  initial: S;
  evolve: Evolve<S>;
  /** Pure: the loaded state in, the new events out (throws DomainError to refuse). */
  decide: (state: S) => Decided[];
  /** Other streams to change in the same all-or-nothing append (`expectedRevision` required). */
  also?: (state: S) => Array<PlannedAppend & { expectedRevision: ExpectedRevision }>;
  /**
   * The version the client says it saw. `source` 'if-match' (the header) refuses a stale write with 412, 'body'
   * (expectedVersion in the body) with 409. Without it, a concurrent write re-decides from fresh state.
   */
  expected?: { version: bigint; source: 'if-match' | 'body' };
  /** Checked against the loaded state before deciding (authorisation: 404 for what is not yours). */
  guard?: (state: S) => void;
  waitFor?: readonly WaitTarget[];
  actor?: Actor;
  /** Built from the state after the decided events; `committed.caughtUp` says whether read models may be read. */
  answer: (state: S, committed: Committed & { revision: bigint | 'no_stream' }) => R | Promise<R>;
}

export const STALE_VERSION = 'This QR code was changed since you loaded it. Reload and try again.';
const DEFAULT_ATTEMPTS = 25;
/** Read-your-writes bound: after it the answer is built from the decided events and the client is not kept waiting. */
export const WAIT_BOUND_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The write side's one pipeline (DESIGN.md section 4): load -> decide (pure) -> append at the loaded revisions ->
 * wait for the projections the answer reads -> answer. Every feature's command handlers use it; nothing else appends.
 */
@Injectable()
export class CommandPipeline {
  private readonly logger = new Logger('Commands');
  private waitBoundMs = WAIT_BOUND_MS;

  constructor(
    @Inject(EVENT_STORE) readonly store: EventStore,
    private readonly projections: ProjectionsService,
  ) {}

  /** Tests: how long commands wait for projections before answering from the events. */
  setWaitBound(ms: number): void {
    this.waitBoundMs = ms;
  }

  /** One stream: the common case (a code, a user, a client). */
  run<S, R>(options: RunOptions<S, R>): Promise<R> {
    const { expected } = options;
    return this.execute<R>({
      actor: options.actor,
      waitFor: options.waitFor,
      // With a version from the client, a write in between makes the client's view stale: refuse, never re-decide.
      onConflict: expected ? () => staleError(expected.source) : undefined,
      plan: async (ctx) => {
        const loaded = await ctx.load(options.stream, options.initial, options.evolve);
        options.guard?.(loaded.state);
        if (expected && loaded.revision !== expected.version) throw staleError(expected.source);
        const events = options.decide(loaded.state);
        return {
          appends: [{ streamId: options.stream, events }, ...(events.length && options.also ? options.also(loaded.state) : [])],
          answer: (committed) => {
            const appended = committed.streams.get(options.stream);
            const state = (appended?.events ?? []).reduce<S>(options.evolve, loaded.state);
            return options.answer(state, { ...committed, revision: appended?.revision ?? loaded.revision });
          },
        };
      },
    });
  }

  async execute<R>(options: ExecuteOptions<R>): Promise<R> {
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    const actor = options.actor ?? currentActor();
    for (let attempt = 1; ; attempt++) {
      const loaded = new Map<string, bigint | 'no_stream'>();
      const ctx: PlanContext = {
        load: async <S>(streamId: string, initial: S, evolve: Evolve<S>) => {
          const stream = await loadStream(this.store, streamId, initial, evolve);
          loaded.set(streamId, stream.revision);
          return stream;
        },
      };
      const plan = await options.plan(ctx);
      const appends: StreamAppend[] = plan.appends
        .filter((append) => append.events.length > 0)
        .map((append) => {
          const expectedRevision = append.expectedRevision ?? loaded.get(append.streamId);
          if (expectedRevision === undefined)
            throw new Error(`Command appends to ${append.streamId} without loading it or naming a revision`);
          return { streamId: append.streamId, events: append.events.map((event) => envelope(event, actor)), expectedRevision };
        });
      try {
        const results = appends.length ? await this.store.appendMany(appends) : [];
        const position = results.reduce<AllPosition | null>(
          (max, result) => (!max || compareAllPositions(result.position, max) > 0 ? result.position : max),
          null,
        );
        const streams = new Map(
          appends.map((append, index) => [append.streamId, { events: append.events, revision: results[index].nextRevision }]),
        );
        const caughtUp = await this.waitFor(position, options.waitFor ?? []);
        return await plan.answer({ position, streams, caughtUp });
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const verdict = options.onConflict?.(error, attempt) ?? true;
        if (verdict !== true) throw verdict;
        if (attempt >= attempts) throw new DomainError('conflict', CONCURRENT_CHANGE);
        await sleep(Math.random() * Math.min(5 * attempt, 50));
      }
    }
  }

  /** A wait that runs out is not an error: the write is committed; the answer comes from the events. */
  private async waitFor(position: AllPosition | null, names: readonly WaitTarget[]): Promise<boolean> {
    if (!position || names.length === 0) return true;
    try {
      const caughtUp = await this.projections.waitFor(position, names, this.waitBoundMs);
      if (!caughtUp) {
        const projections = names.map((name) => (typeof name === 'string' ? name : name.role));
        this.logger.warn({ msg: 'projections lag past the wait bound; answering from the events', projections });
      }
      return caughtUp;
    } catch (error) {
      this.logger.warn({ msg: 'waiting for projections failed; answering from the events', error: (error as Error).message });
      return false;
    }
  }
}

/** Folds a stream into state (reads too: history, downloads, the trial status); the revision guards a later append. */
export async function loadStream<S>(store: EventStore, streamId: string, initial: S, evolve: Evolve<S>): Promise<Loaded<S>> {
  const events = await store.readStream(streamId);
  const revision = events.length ? events[events.length - 1].revision : 'no_stream';
  return { streamId, state: events.reduce(evolve, initial), revision, events };
}

function staleError(source: 'if-match' | 'body'): DomainError {
  return source === 'if-match' ? new DomainError('stale', STALE_VERSION) : new DomainError('conflict', STALE_VERSION);
}

export function currentActor(): Actor {
  const context = requestContext.currentOrSystem();
  return { actorId: context.actorId, tenantId: context.tenantId };
}

/** The stored envelope of a decided event (DESIGN.md section 3): tenant, actor and correlation from the command's context. */
export function envelope<T>(
  event: Decided<T>,
  actor: Actor,
  options: { causationId?: string | null; schemaVersion?: number } = {},
): NewEvent<T> {
  return {
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      tenantId: actor.tenantId,
      actorId: actor.actorId,
      correlationId: requestContext.currentOrSystem().requestId,
      causationId: options.causationId ?? null,
      occurredAt: new Date().toISOString(),
      schemaVersion: options.schemaVersion ?? 1,
    },
  };
}
