import { randomUUID } from 'node:crypto';
import {
  AllPosition,
  compareAllPositions,
  EventMetadata,
  EventStore,
  NewEvent,
  RecordedEvent,
  START,
  Subscription,
  WrongExpectedVersionError,
} from './event-store';
import { letTimePass, until } from '../test-support/until';
import { Upcasters } from './upcasters';

/** What an adapter's spec hands the contract. */
export interface EventStoreContractHarness {
  store: EventStore;
  /** A second store on the same backend that reads through the given upcasters. */
  storeWithUpcasters(upcasters: Upcasters): Promise<EventStore>;
  /** Postgres: appendMany is one transaction. EventStoreDB: it appends stream by stream. */
  atomicAppendMany: boolean;
  /** Postgres: answers the store-level questions (countAll, lag). EventStoreDB: answers null ("not supported"). */
  answersStoreQuestions: boolean;
  /**
   * Creates `streamId` with its head at `revision` (no events), where the backend allows it, so revisions past
   * 2^53 can be tested; and says whether positions were already moved past 2^53.
   */
  bigNumbers?: { createStreamAt(streamId: string, revision: bigint): Promise<void>; positionsAbove: bigint };
  teardown(): Promise<void>;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  tenantId: 1,
  actorId: 'system',
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
  ...overrides,
});

export const newEvent = (type = 'Tested', data: unknown = { n: 1 }, overrides: Partial<EventMetadata> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: metadata(overrides),
});

/** Polls `check` until it passes or `timeoutMs` runs out, then rethrows its last failure. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  let failure: unknown;
  const passes = async () => {
    try {
      await check();
      return true;
    } catch (error) {
      failure = error;
      return false;
    }
  };
  await until(passes, 'a check to pass', timeoutMs).catch(() => {
    throw failure;
  });
}

/** Collects what a subscription delivers for the streams whose id starts with `prefix`. */
export function collect(
  store: EventStore,
  prefix: string,
  after: AllPosition | null,
  batchSize = 500,
): { events: RecordedEvent[]; subscription: Subscription } {
  const events: RecordedEvent[] = [];
  const subscription = store.subscribeAll({ after, batchSize }, async (batch) => {
    events.push(...batch.filter((event) => event.streamId.startsWith(prefix)));
  });
  return { events, subscription };
}

export const expectStrictlyIncreasing = (events: RecordedEvent[]) => {
  for (let i = 1; i < events.length; i++) expect(compareAllPositions(events[i - 1].position, events[i].position)).toBe(-1);
};

const conflictOf = async (promise: Promise<unknown>): Promise<WrongExpectedVersionError> => {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  return error as WrongExpectedVersionError;
};

/**
 * Reads every event of `$all` after `after` whose stream starts with `prefix`, page by page, until `expected` of
 * them arrived: a transaction in flight elsewhere (Postgres: anywhere in the cluster) may hold the tail back briefly.
 */
async function readAllOf(
  store: EventStore,
  prefix: string,
  after: AllPosition | null,
  expected: number,
  pageSize = 3,
): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  let cursor = after;
  const deadline = Date.now() + 10_000;
  while (found.length < expected && Date.now() < deadline) {
    const page = await until(
      async () => {
        const read = await store.readAll({ after: cursor, maxCount: pageSize });
        return read.length > 0 && read;
      },
      `${expected} events under ${prefix}`,
      Math.max(0, deadline - Date.now()),
    ).catch(() => null);
    if (!page) break;
    expect(page.length).toBeLessThanOrEqual(pageSize);
    if (cursor) expect(compareAllPositions(cursor, page[0].position)).toBe(-1);
    expectStrictlyIncreasing(page);
    found.push(...page.filter((event) => event.streamId.startsWith(prefix)));
    cursor = page[page.length - 1].position;
  }
  return found;
}

/**
 * The behaviour every EventStore adapter must have (DESIGN.md section 3). Each adapter's int-spec calls this
 * with a factory for its backend. Tests share the backend, so each uses streams under its own random prefix.
 */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStoreContractHarness>): void {
  describe(`EventStore contract: ${name}`, () => {
    let harness: EventStoreContractHarness;
    let store: EventStore;
    let prefix: string;
    const stream = (label = 'stream') => `${prefix}${label}-${randomUUID()}`;

    beforeAll(async () => {
      harness = await factory();
      store = harness.store;
    });
    afterAll(async () => {
      await harness?.teardown();
    });
    beforeEach(() => {
      prefix = `contract${randomUUID().slice(0, 8)}_`;
    });

    describe('expected revision', () => {
      it("'no_stream' creates a stream and conflicts once it exists", async () => {
        const id = stream();
        const first = await store.append(id, [newEvent(), newEvent()], { expectedRevision: 'no_stream' });
        expect(first.nextRevision).toBe(1n);
        const conflict = await conflictOf(store.append(id, [newEvent()], { expectedRevision: 'no_stream' }));
        expect(conflict).toMatchObject({ streamId: id, expected: 'no_stream', actual: 1n });
      });

      it("'stream_exists' appends to an existing stream and conflicts on a missing one", async () => {
        const id = stream();
        const conflict = await conflictOf(store.append(id, [newEvent()], { expectedRevision: 'stream_exists' }));
        expect(conflict).toMatchObject({ streamId: id, expected: 'stream_exists', actual: 'no_stream' });
        await store.append(id, [newEvent()], { expectedRevision: 'no_stream' });
        const next = await store.append(id, [newEvent()], { expectedRevision: 'stream_exists' });
        expect(next.nextRevision).toBe(1n);
      });

      it("'any' creates and appends without a check", async () => {
        const id = stream();
        expect((await store.append(id, [newEvent()], { expectedRevision: 'any' })).nextRevision).toBe(0n);
        expect((await store.append(id, [newEvent(), newEvent()], { expectedRevision: 'any' })).nextRevision).toBe(2n);
      });

      it('an exact revision appends only when it is the current one', async () => {
        const id = stream();
        const missing = await conflictOf(store.append(id, [newEvent()], { expectedRevision: 0n }));
        expect(missing).toMatchObject({ streamId: id, expected: 0n, actual: 'no_stream' });
        await store.append(id, [newEvent()], { expectedRevision: 'no_stream' });
        expect((await store.append(id, [newEvent()], { expectedRevision: 0n })).nextRevision).toBe(1n);
        const stale = await conflictOf(store.append(id, [newEvent()], { expectedRevision: 0n }));
        expect(stale).toMatchObject({ streamId: id, expected: 0n, actual: 1n });
        const ahead = await conflictOf(store.append(id, [newEvent()], { expectedRevision: 5n }));
        expect(ahead).toMatchObject({ expected: 5n, actual: 1n });
        expect(ahead.message).toContain(id);
        expect((await store.readStream(id)).map((event) => event.revision)).toEqual([0n, 1n]);
      });

      it('of 20 parallel appends with the same expected revision exactly one wins', async () => {
        const id = stream();
        await store.append(id, [newEvent()], { expectedRevision: 'no_stream' });
        const attempts = await Promise.allSettled(
          Array.from({ length: 20 }, (_, n) => store.append(id, [newEvent('Raced', { n })], { expectedRevision: 0n })),
        );
        const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
        const lost = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as unknown] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(19);
        for (const error of lost) expect(error).toMatchObject({ name: 'WrongExpectedVersionError', expected: 0n, actual: 1n });
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it("of 20 parallel 'no_stream' appends exactly one creates the stream", async () => {
        const id = stream();
        const attempts = await Promise.allSettled(
          Array.from({ length: 20 }, () => store.append(id, [newEvent()], { expectedRevision: 'no_stream' })),
        );
        expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
        for (const attempt of attempts) if (attempt.status === 'rejected') expect(attempt.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(id)).toHaveLength(1);
      });
    });

    describe('idempotent retries by event id', () => {
      it('appending the same ids again is a no-op with the same result', async () => {
        const id = stream();
        const events = [newEvent('A'), newEvent('B')];
        const first = await store.append(id, events, { expectedRevision: 'no_stream' });
        const retry = await store.append(id, events, { expectedRevision: 'no_stream' });
        expect(retry).toEqual(first);
        await store.append(id, [newEvent('C')], { expectedRevision: 1n });
        // A retry that arrives after later appends still answers what the first attempt answered.
        expect(await store.append(id, events, { expectedRevision: 'no_stream' })).toEqual(first);
        expect((await store.readStream(id)).map((event) => event.type)).toEqual(['A', 'B', 'C']);
      });

      it('parallel retries of the same append store it once', async () => {
        const id = stream();
        await store.append(id, [newEvent()], { expectedRevision: 'no_stream' });
        const events = [newEvent('Once')];
        const results = await Promise.all(Array.from({ length: 10 }, () => store.append(id, events, { expectedRevision: 0n })));
        for (const result of results) expect(result).toEqual(results[0]);
        expect((await store.readStream(id)).map((event) => event.type)).toEqual(['Tested', 'Once']);
      });
    });

    describe('appendMany', () => {
      it('appends to several streams and returns one result per append, in order', async () => {
        const [a, b] = [stream('a'), stream('b')];
        await store.append(b, [newEvent()], { expectedRevision: 'no_stream' });
        const results = await store.appendMany([
          { streamId: b, events: [newEvent(), newEvent()], expectedRevision: 0n },
          { streamId: a, events: [newEvent()], expectedRevision: 'no_stream' },
        ]);
        expect(results.map((result) => result.nextRevision)).toEqual([2n, 0n]);
        expect(await store.readStream(a)).toHaveLength(1);
        expect(await store.readStream(b)).toHaveLength(3);
      });

      it('is all or nothing, or (EventStoreDB) stream by stream and safe to retry', async () => {
        const [a, b] = [stream('a'), stream('b')];
        await store.append(b, [newEvent()], { expectedRevision: 'no_stream' });
        const forA = [newEvent('ForA')];
        const batch = (revisionOfB: bigint) => [
          { streamId: a, events: forA, expectedRevision: 'no_stream' as const },
          { streamId: b, events: [newEvent('ForB')], expectedRevision: revisionOfB },
        ];
        const conflict = await conflictOf(store.appendMany(batch(7n)));
        expect(conflict).toMatchObject({ streamId: b, expected: 7n, actual: 0n });
        if (harness.atomicAppendMany) {
          expect(await store.readStream(a)).toEqual([]);
        } else {
          // No multi-stream transactions: the append to `a` stayed; retrying the batch does not repeat it.
          expect(await store.readStream(a)).toHaveLength(1);
        }
        const fixed = batch(0n);
        fixed[1].events = [newEvent('ForB')];
        const results = await store.appendMany(fixed);
        expect(results.map((result) => result.nextRevision)).toEqual([0n, 1n]);
        expect((await store.readStream(a)).map((event) => event.id)).toEqual(forA.map((event) => event.id));
        expect((await store.readStream(b)).map((event) => event.type)).toEqual(['Tested', 'ForB']);
      });
    });

    describe('reading', () => {
      it('round-trips ids, types, JSON data and metadata', async () => {
        const id = stream();
        const data = {
          text: 'ünïcødé "quoted" \\ back\nline',
          nested: { list: [1, 2.5, null, true, 'x'], empty: {} },
          big: 12345678901234,
          zero: 0,
        };
        const meta = metadata({
          tenantId: 42,
          actorId: randomUUID(),
          causationId: randomUUID(),
          occurredAt: '2025-01-02T03:04:05.678Z',
          schemaVersion: 1,
        });
        const event: NewEvent = { id: randomUUID(), type: 'RoundTripped', data, metadata: meta };
        const before = await store.headPosition();
        const result = await store.append(id, [event, newEvent('List', [1, 'two'])], { expectedRevision: 'no_stream' });
        const [read, second] = await store.readStream(id);
        expect(read).toEqual({ ...event, streamId: id, revision: 0n, position: expect.anything() });
        expect(second.data).toEqual([1, 'two']);
        expect(second.position).toEqual(result.position);
        expect(typeof read.position.commit).toBe('bigint');
        expect(typeof read.position.prepare).toBe('bigint');
        expect(compareAllPositions(read.position, second.position)).toBe(-1);
        const fromAll = (await readAllOf(store, prefix, before, 2, 1000)).find((candidate) => candidate.id === event.id);
        expect(fromAll).toEqual(read);
      });

      it('keeps positions and revisions past 2^53 exact', async () => {
        const big = harness.bigNumbers;
        const id = stream();
        const before = await store.headPosition();
        if (big) await big.createStreamAt(id, MAX_SAFE + 1n);
        const start = big ? MAX_SAFE + 1n : -1n;
        const result = await store.append(id, [newEvent(), newEvent()], { expectedRevision: big ? MAX_SAFE + 1n : 'no_stream' });
        expect(result.nextRevision).toBe(start + 2n);
        const events = await store.readStream(id, { fromRevision: start + 1n });
        expect(events.map((event) => event.revision)).toEqual([start + 1n, start + 2n]);
        expect(events[1].position).toEqual(result.position);
        if (big) expect(result.position.prepare > big.positionsAbove).toBe(true);
        const conflict = await conflictOf(store.append(id, [newEvent()], { expectedRevision: start + 1n }));
        expect(conflict.actual).toBe(start + 2n);
        const fromAll = await readAllOf(store, id, before, 2, 1000);
        expect(fromAll.map((event) => event.position)).toEqual(events.map((event) => event.position));
      });

      it('reads a stream from a revision, with a limit; [] for a missing stream', async () => {
        const id = stream();
        await store.append(
          id,
          [0, 1, 2, 3, 4].map((n) => newEvent('N', { n })),
          { expectedRevision: 'no_stream' },
        );
        const page = await store.readStream(id, { fromRevision: 1n, maxCount: 2 });
        expect(page.map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }]);
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('reads $all in strictly increasing order, exclusively after a position, page by page', async () => {
        const before = await store.headPosition();
        const [a, b, c] = [stream('a'), stream('b'), stream('c')];
        const appended: string[] = [];
        for (let round = 0; round < 4; round++) {
          for (const id of [a, b, c]) {
            const events = [newEvent('R', { round }), newEvent('R', { round })];
            await store.append(id, events, { expectedRevision: 'any' });
            appended.push(...events.map((event) => event.id));
          }
        }
        const read = await readAllOf(store, prefix, before, 24, 5);
        expect(read.map((event) => event.id)).toEqual(appended);
        expectStrictlyIncreasing(read);
        // `after` is exclusive.
        const fromMiddle = await readAllOf(store, prefix, read[9].position, 14, 4);
        expect(fromMiddle.map((event) => event.id)).toEqual(appended.slice(10));
        const head = await store.headPosition();
        expect(head && compareAllPositions(head, read[read.length - 1].position)).toBeGreaterThanOrEqual(0);
      });
    });

    describe('subscribeAll', () => {
      it('catches up, goes live, delivers every event exactly once, and resumes exclusively from a checkpoint', async () => {
        const before = await store.headPosition();
        const id = stream();
        const ids: string[] = [];
        const appendOne = async (n: number) => {
          const event = newEvent('Sub', { n });
          ids.push(event.id);
          await store.append(id, [event], { expectedRevision: 'any' });
        };
        for (let n = 0; n < 5; n++) await appendOne(n);
        const first = collect(store, prefix, before, 2);
        await eventually(() => expect(first.events).toHaveLength(5));
        for (let n = 5; n < 10; n++) await appendOne(n);
        await eventually(() => expect(first.events).toHaveLength(10));
        await first.subscription.stop();
        await first.subscription.done;
        expect(first.events.map((event) => event.id)).toEqual(ids);
        expectStrictlyIncreasing(first.events);

        const checkpoint = first.events[6].position;
        const resumed = collect(store, prefix, checkpoint);
        await eventually(() => expect(resumed.events).toHaveLength(3));
        await appendOne(10);
        await eventually(() => expect(resumed.events).toHaveLength(4));
        // Nothing more arrives (no duplicates trailing behind).
        await letTimePass(200, 'a duplicate would trail behind: no event marks that none is coming');
        await resumed.subscription.stop();
        expect(resumed.events.map((event) => event.id)).toEqual(ids.slice(7));
      });

      it('stops promptly and delivers nothing after stop()', async () => {
        const id = stream();
        const sub = collect(store, prefix, await store.headPosition());
        await letTimePass(50, 'the subscription settles into its wait, which it does not announce');
        const started = Date.now();
        await sub.subscription.stop();
        expect(Date.now() - started).toBeLessThan(500);
        await store.append(id, [newEvent()], { expectedRevision: 'any' });
        await letTimePass(200, 'a stopped subscription would deliver by now: nothing marks a delivery that must not happen');
        expect(sub.events).toEqual([]);
      });

      it('rejects `done` when the handler fails', async () => {
        const before = await store.headPosition();
        await store.append(stream(), [newEvent()], { expectedRevision: 'any' });
        const subscription = store.subscribeAll({ after: before }, async () => {
          throw new Error('projection broke');
        });
        await expect(subscription.done).rejects.toThrow('projection broke');
      });

      it('with concurrent writers, delivers every event once and in order', async () => {
        const before = await store.headPosition();
        const sub = collect(store, prefix, before, 7);
        const writers = 8;
        const perWriter = 25;
        const written = await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            const id = stream(`w${writer}`);
            const ids: string[] = [];
            for (let n = 0; n < perWriter; n++) {
              const events = Array.from({ length: 1 + (n % 3) }, () => newEvent('W', { writer, n }));
              await store.append(id, events, { expectedRevision: n === 0 ? 'no_stream' : 'stream_exists' });
              ids.push(...events.map((event) => event.id));
            }
            return ids;
          }),
        );
        const all = written.flat();
        await eventually(() => expect(sub.events.length).toBeGreaterThanOrEqual(all.length), 20_000);
        await letTimePass(100, 'a duplicate would trail behind the last event: nothing marks that none is coming');
        await sub.subscription.stop();
        const delivered = sub.events.map((event) => event.id);
        expect(delivered).toHaveLength(all.length);
        expect(new Set(delivered)).toEqual(new Set(all));
        expectStrictlyIncreasing(sub.events);
        // Each stream's events arrive in revision order.
        for (const ids of written) expect(delivered.filter((candidate) => ids.includes(candidate))).toEqual(ids);
      });
    });

    describe('store-level questions (countAll, lag)', () => {
      it('counts $all and the events behind a checkpoint, or answers null where not supported', async () => {
        const countBefore = await store.countAll();
        const head = await store.headPosition();
        await store.append(stream(), [newEvent('Counted', { n: 1 }), newEvent('Counted', { n: 2 })], { expectedRevision: 'no_stream' });
        await store.append(stream(), [newEvent('Counted', { n: 3 })], { expectedRevision: 'no_stream' });
        const countAfter = await store.countAll();
        if (!harness.answersStoreQuestions) {
          expect([countBefore, countAfter, await store.lag(head ?? START)]).toEqual([null, null, null]);
          return;
        }
        expect(countAfter).toBe((countBefore ?? NaN) + 3);
        // An event becomes visible to readers (and counts as lag) once every older transaction of the server has ended.
        await eventually(async () =>
          expect(await store.lag(head ?? START)).toEqual({ events: 3, capped: false, seconds: expect.any(Number) as number }),
        );
        expect((await store.lag(head ?? START))?.seconds).toBeGreaterThanOrEqual(0);
        expect(await store.lag((await store.headPosition()) ?? START)).toEqual({ events: 0, capped: false, seconds: 0 });
        // From the start of $all every stored event is behind.
        expect((await store.lag(START))?.events).toBe(countAfter);
      });
    });

    describe('upcasting', () => {
      it('raises old event shapes on read without rewriting them', async () => {
        const type = `Renamed${randomUUID().slice(0, 8)}`;
        const upcasters = new Upcasters()
          .register(type, 1, (data: { name: string }) => ({ fullName: data.name }))
          .register(type, 2, (data: { fullName: string }) => ({ fullName: data.fullName, nickname: null }));
        const reader = await harness.storeWithUpcasters(upcasters);
        const id = stream();
        const before = await store.headPosition();
        await store.append(
          id,
          [
            newEvent(type, { name: 'Ada' }, { schemaVersion: 1 }),
            newEvent(type, { fullName: 'Bob', nickname: 'b' }, { schemaVersion: 3 }),
            newEvent('Other', { name: 'x' }),
          ],
          { expectedRevision: 'no_stream' },
        );
        const [old, current, other] = await reader.readStream(id);
        expect(old.data).toEqual({ fullName: 'Ada', nickname: null });
        expect(old.metadata.schemaVersion).toBe(3);
        expect(current.data).toEqual({ fullName: 'Bob', nickname: 'b' });
        expect(other.data).toEqual({ name: 'x' });
        expect((await readAllOf(reader, prefix, before, 3))[0].data).toEqual({ fullName: 'Ada', nickname: null });
        const sub = collect(reader, prefix, before);
        await eventually(() => expect(sub.events).toHaveLength(3));
        await sub.subscription.stop();
        expect(sub.events[0].data).toEqual({ fullName: 'Ada', nickname: null });
        // The stored event keeps its original shape.
        expect((await store.readStream(id))[0].data).toEqual({ name: 'Ada' });
        expect((await store.readStream(id))[0].metadata.schemaVersion).toBe(1);
      });
    });
  });
}
