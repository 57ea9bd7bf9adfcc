import {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  ANY,
  AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  JSONType,
  NO_STREAM,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AllPosition,
  AppendResult,
  compareAllPositions,
  EventMetadata,
  EventsHandler,
  EventStore,
  ExpectedRevision,
  StoreLag,
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

/** Events of EventStoreDB itself ($stats, $metadata, links `$>`, ...) are not ours: $all skips them. */
const isSystemEvent = (event: { type: string; streamId: string }) => event.type.startsWith('$') || event.streamId.startsWith('$');

const toEsdbRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'no_stream' ? NO_STREAM : expected === 'stream_exists' ? STREAM_EXISTS : expected === 'any' ? ANY : expected;

const isAfter = (position: AllPosition, after: AllPosition | null | undefined) => !after || compareAllPositions(position, after) > 0;
const fromPositionOf = (after: AllPosition | null | undefined): ReadPosition =>
  after && after.commit >= 0n ? { commit: after.commit, prepare: after.prepare } : START;

/**
 * The EventStoreDB adapter (EVENT_STORE=esdb). Metadata (tenantId, actorId, ...) is the event's ESDB metadata
 * JSON; positions are ESDB's own commit/prepare positions.
 *
 * appendMany has no multi-stream transaction here: it appends stream by stream, in the given order, and stops at
 * the first failure (earlier streams stay appended). Retrying the same batch is safe: ESDB treats a retried
 * append of the same event ids at the same expected revision as a no-op.
 */
export class EsdbEventStore implements EventStore {
  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: { upcasters?: Upcasters } = {},
  ) {}

  /** A store on a new client for `connectionString` (e.g. esdb://localhost:2113?tls=false). */
  static connect(connectionString: string, options: { upcasters?: Upcasters } = {}): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString), options);
  }

  private get upcasters(): Upcasters {
    return this.options.upcasters ?? defaultUpcasters;
  }

  async append(streamId: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Append to ${streamId} without events`);
    const data = events.map((event) =>
      jsonEvent({
        id: event.id,
        type: event.type,
        data: (event.data ?? null) as JSONType,
        metadata: event.metadata as unknown as JSONType,
      }),
    );
    let result;
    try {
      result = await this.client.appendToStream(streamId, data, { expectedRevision: toEsdbRevision(expectedRevision) });
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(
          streamId,
          expectedRevision,
          typeof error.actualVersion === 'bigint' ? error.actualVersion : 'no_stream',
        );
      }
      throw error;
    }
    // A client built with throwOnAppendFailure: false answers a conflict instead of throwing it.
    if (!result.success)
      throw new WrongExpectedVersionError(
        streamId,
        expectedRevision,
        result.nextExpectedRevision < 0n ? 'no_stream' : result.nextExpectedRevision,
      );
    if (result.position) return { nextRevision: result.nextExpectedRevision, position: result.position };
    // An idempotent retry comes back without a position: answer with where the batch's last event is stored.
    return this.storedResult(streamId, events[events.length - 1].id, result.nextExpectedRevision);
  }

  private async storedResult(streamId: string, lastId: string, nextRevision: bigint): Promise<AppendResult> {
    const recent = this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1000 });
    for await (const resolved of recent) {
      const event = resolved.event;
      if (event?.id === lastId && event.position) return { nextRevision: event.revision, position: event.position };
    }
    throw new Error(`Stream ${streamId}: append acknowledged at revision ${nextRevision} but event ${lastId} was not found`);
  }

  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const { streamId, events, expectedRevision } of appends) results.push(await this.append(streamId, events, { expectedRevision }));
    return results;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: options.fromRevision ?? START,
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) if (resolved.event) events.push(this.toRecorded(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    // ESDB reads $all from a position inclusively, and system events count against maxCount: page until full.
    let after: AllPosition | null = options.after && options.after.commit >= 0n ? options.after : null;
    for (;;) {
      const pageSize = maxCount - events.length + 1;
      let seen = 0;
      let last: Position | null = null;
      for await (const resolved of this.client.readAll({
        direction: FORWARDS,
        fromPosition: fromPositionOf(after),
        maxCount: pageSize,
        resolveLinkTos: false,
      })) {
        seen++;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        if (!isAfter(event.position, after) || isSystemEvent(event)) continue;
        events.push(this.toRecorded(event));
        if (events.length === maxCount) return events;
      }
      if (seen < pageSize || !last) return events;
      after = last;
    }
  }

  /** Not supported: EventStoreDB has no count of `$all` short of reading it all. */
  countAll(): Promise<null> {
    return Promise.resolve(null);
  }

  /** Not supported: counting the events behind a checkpoint would read them one by one. */
  lag(_checkpoint: AllPosition): Promise<StoreLag | null> {
    return Promise.resolve(null);
  }

  async headPosition(): Promise<AllPosition | null> {
    let before: Position | null = null;
    for (;;) {
      let seen = 0;
      const read = this.client.readAll({ direction: BACKWARDS, fromPosition: before ?? END, maxCount: 500, resolveLinkTos: false });
      for await (const resolved of read) {
        seen++;
        const event: AllStreamResolvedEvent['event'] = resolved.event;
        if (!event) continue;
        if (before && compareAllPositions(event.position, before) >= 0) continue;
        if (!isSystemEvent(event)) return event.position;
        before = event.position;
      }
      if (seen < 500 || !before) return null;
    }
  }

  subscribeAll(options: SubscribeAllOptions, handler: EventsHandler): Subscription {
    const batchSize = options.batchSize ?? 500;
    let lastQueued: AllPosition | null = options.after && options.after.commit >= 0n ? options.after : null;
    const stream: AllStreamSubscription = this.client.subscribeToAll({
      fromPosition: fromPositionOf(lastQueued),
      filter: excludeSystemEvents(),
      resolveLinkTos: false,
    });
    const queue: RecordedEvent[] = [];
    let stopped = false;
    let settled = false;
    let pumping: Promise<void> | null = null;
    let resolveDone!: () => void;
    let rejectDone!: (error: unknown) => void;
    const done = new Promise<void>((resolve, reject) => {
      resolveDone = resolve;
      rejectDone = reject;
    });
    done.catch(() => undefined);

    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      stopped = true;
      stream.unsubscribe().catch(() => undefined);
      if (error === undefined) resolveDone();
      else rejectDone(error);
    };

    // Hands queued events to the handler in batches; pauses the gRPC stream while the handler is behind.
    const pump = async () => {
      try {
        while (queue.length > 0 && !stopped) await handler(queue.splice(0, batchSize));
        if (!stopped) stream.resume();
      } catch (error) {
        finish(error);
      } finally {
        pumping = null;
      }
    };

    stream.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = resolved.event;
      if (stopped || !event || isSystemEvent(event) || !isAfter(event.position, lastQueued)) return;
      lastQueued = event.position;
      queue.push(this.toRecorded(event));
      if (queue.length >= batchSize) stream.pause();
      pumping ??= pump();
    });
    stream.on('error', (error: Error) => finish(stopped ? undefined : error));
    stream.on('end', () => finish(stopped ? undefined : new Error('EventStoreDB subscription to $all ended')));

    return {
      done,
      stop: async () => {
        stopped = true;
        await stream.unsubscribe().catch(() => undefined);
        await pumping;
        finish();
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private toRecorded(event: EsdbRecordedEvent): RecordedEvent {
    // A binary event (isJson false) carries bytes: read as base64 text.
    const data = event.data instanceof Uint8Array ? Buffer.from(event.data).toString('base64') : event.data;
    return this.upcasters.apply({
      id: event.id,
      type: event.type,
      data,
      metadata: event.metadata as unknown as EventMetadata,
      streamId: event.streamId,
      revision: event.revision,
      position: event.position ?? { commit: -1n, prepare: -1n },
    });
  }
}
