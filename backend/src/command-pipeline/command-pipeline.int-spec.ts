import { randomUUID } from 'node:crypto';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { ProjectionsService } from '../projections/projections.service';
import { startTestApp, TestApp } from '../test-support/test-app';
import { CommandPipeline, type Decided, type Evolvable } from './command-pipeline';
import { DomainError } from '../common/domain-error';
import { eventCatalogue } from '../event-store/typed-events';

/** A counter aggregate: enough to watch the pipeline load, decide, append, re-decide and answer. */
interface Counter {
  value: number;
}
const COUNTER_EVENTS = eventCatalogue<{ Incremented: { by: number } }>({ Incremented: true });
const initial: Counter = { value: 0 };
const evolve = (state: Counter, event: Evolvable): Counter => (COUNTER_EVENTS.has(event) ? { value: state.value + event.data.by } : state);
const increment = (by: number) => (): Decided[] => [{ type: 'Incremented', data: { by } }];

describe('CommandPipeline (real event store)', () => {
  let app: TestApp;
  let pipeline: CommandPipeline;
  let store: EventStore;
  beforeAll(async () => {
    app = await startTestApp();
    pipeline = app.app.get(CommandPipeline);
    store = app.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(() => app.close());

  const counter = () => `counter-${randomUUID()}`;

  it('run: loads, decides, appends at the loaded revision and answers from the state after the new events', async () => {
    const stream = counter();
    const first = await pipeline.run({
      stream,
      initial,
      evolve,
      decide: increment(2),
      answer: (state, committed) => ({ value: state.value, revision: committed.revision }),
    });
    const second = await pipeline.run({
      stream,
      initial,
      evolve,
      decide: increment(3),
      answer: (state, committed) => ({ value: state.value, revision: committed.revision }),
    });
    expect(first).toEqual({ value: 2, revision: 0n });
    expect(second).toEqual({ value: 5, revision: 1n });
    const stored = await store.readStream(stream);
    expect(stored.map((event) => event.metadata.actorId)).toEqual(['system', 'system']);
  });

  it('a concurrent writer between load and append makes the decision run again on fresh state (no lost update)', async () => {
    const stream = counter();
    await pipeline.run({ stream, initial, evolve, decide: increment(1), answer: () => null });
    let plans = 0;
    const answer = await pipeline.execute({
      plan: async (ctx) => {
        const loaded = await ctx.load(stream, initial, evolve);
        plans += 1;
        // The first time, another writer lands after our load: our append at the loaded revision must not overwrite it.
        if (plans === 1) await pipeline.run({ stream, initial, evolve, decide: increment(10), answer: () => null });
        return {
          appends: [{ streamId: stream, events: [{ type: 'Incremented', data: { by: loaded.state.value } }] }],
          answer: () => loaded.state.value,
        };
      },
    });
    expect(plans).toBe(2);
    expect(answer).toBe(11);
    expect(COUNTER_EVENTS.among(await store.readStream(stream)).map((event) => event.data.by)).toEqual([1, 10, 11]);

    // Ten concurrent increments of one counter all land, each on the value the previous one left.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pipeline.run({ stream, initial, evolve, decide: increment(1), answer: (state) => state.value })),
    );
    expect(results.sort((a, b) => a - b)).toEqual([23, 24, 25, 26, 27, 28, 29, 30, 31, 32]);
  });

  it('run with an If-Match version: a stale one is 412, and a write racing in after the check is 412 too (never re-decided)', async () => {
    const stream = counter();
    await pipeline.run({ stream, initial, evolve, decide: increment(1), answer: () => null });
    const stale = await pipeline
      .run({ stream, initial, evolve, decide: increment(1), expected: { version: 5n, source: 'if-match' }, answer: () => null })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(DomainError);
    expect((stale as DomainError).status).toBe(412);

    const body = await pipeline
      .run({ stream, initial, evolve, decide: increment(1), expected: { version: 5n, source: 'body' }, answer: () => null })
      .catch((error: unknown) => error);
    expect((body as DomainError).status).toBe(409);

    // Two writers with the same, current If-Match: exactly one lands.
    const outcomes = await Promise.all(
      Array.from({ length: 2 }, () =>
        pipeline
          .run({ stream, initial, evolve, decide: increment(1), expected: { version: 0n, source: 'if-match' }, answer: () => 200 })
          .catch((error: DomainError) => error.status),
      ),
    );
    expect(outcomes.sort()).toEqual([200, 412]);
    expect((await store.readStream(stream)).length).toBe(2);
  });

  it(
    'execute: a plan that appends to a stream it neither loaded nor gave a revision for is a programming error, and nothing is ' + 'stored',
    async () => {
      const stream = counter();
      const error = await pipeline
        .execute({ plan: async () => ({ appends: [{ streamId: stream, events: increment(1)() }], answer: () => null }) })
        .catch((caught: unknown) => caught);
      expect(String(error)).toContain('without loading it');
      expect(await store.readStream(stream)).toEqual([]);
    },
  );

  it('execute: every stream of a plan changes together or not at all, and a refusal from onConflict is the answer', async () => {
    const a = counter();
    const b = counter();
    await store.append(
      b,
      [
        {
          id: randomUUID(),
          type: 'Incremented',
          data: { by: 1 },
          metadata: {
            tenantId: 1,
            actorId: 'test',
            correlationId: 'test',
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const refusal = DomainError.conflict('Taken');
    const error = await pipeline
      .execute({
        plan: async (ctx) => {
          await ctx.load(a, initial, evolve);
          return {
            appends: [
              { streamId: a, events: increment(1)() },
              { streamId: b, events: increment(1)(), expectedRevision: 'no_stream' },
            ],
            answer: () => null,
          };
        },
        onConflict: (conflict) => (conflict.streamId === b ? refusal : true),
      })
      .catch((caught: unknown) => caught);
    expect(error).toBe(refusal);
    expect(await store.readStream(a)).toEqual([]);
  });

  it('a committed write whose projection lags past the wait bound still answers, from its events, with caughtUp false', async () => {
    const projections = app.app.get(ProjectionsService);
    const name = projections.list()[0].name;
    await projections.pause(name);
    pipeline.setWaitBound(100);
    try {
      const stream = counter();
      const started = Date.now();
      const answer = await pipeline.run({
        stream,
        initial,
        evolve,
        decide: increment(7),
        waitFor: [name],
        answer: (state, committed) => ({ value: state.value, caughtUp: committed.caughtUp }),
      });
      expect(answer).toEqual({ value: 7, caughtUp: false });
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await store.readStream(stream)).length).toBe(1);
    } finally {
      pipeline.setWaitBound(5000);
      projections.resume(name);
    }
  });
});
