import { randomUUID } from 'node:crypto';
import { Pool, PoolClient } from 'pg';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import { PrivatePostgres } from '../test-support/private-postgres';
import { letTimePass } from '../test-support/until';
import { DuplicateEventIdError, RecordedEvent, StreamAppend } from './event-store';
import { collect, describeEventStoreContract, eventually, expectStrictlyIncreasing, newEvent } from './event-store.contract';
import { PostgresEventStore, PostgresEventStoreOptions } from './postgres-event-store';

/** Every position in this file's database is above 2^53, so each test also proves bigint positions stay exact. */
const POSITIONS_ABOVE = BigInt(Number.MAX_SAFE_INTEGER);

let db: TestDatabase;
let pool: Pool;
/**
 * A PostgreSQL of its own: the gap-free $all tests hold write transactions open (for up to seconds), which on the
 * shared server would hold back $all (the oldest open transaction of the whole server) in every other test file.
 */
const pg = new PrivatePostgres();
const stores: PostgresEventStore[] = [];
const openStore = (options: PostgresEventStoreOptions = {}) => {
  const store = new PostgresEventStore(pool, { pollIntervalMs: 100, connectionString: db.url, ...options });
  stores.push(store);
  return store;
};

beforeAll(async () => {
  await pg.start();
  db = await createTestDatabase({ server: pg.adminUrl });
  pool = new Pool({ connectionString: db.url, max: 30 });
  // The reconnect test terminates a backend on purpose; an idle pooled client lost that way must not crash Jest.
  pool.on('error', () => undefined);
  await pool.query(`ALTER TABLE events ALTER COLUMN position RESTART WITH ${POSITIONS_ABOVE + 1n}`);
}, 120_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await pool?.end();
  await db?.drop();
  await pg.destroy();
});

describeEventStoreContract('PostgreSQL', async () => ({
  store: openStore(),
  storeWithUpcasters: async (upcasters) => openStore({ upcasters }),
  atomicAppendMany: true,
  answersStoreQuestions: true,
  bigNumbers: {
    positionsAbove: POSITIONS_ABOVE,
    createStreamAt: async (streamId, revision) => {
      await pool.query('INSERT INTO event_streams (stream_id, revision) VALUES ($1, $2)', [streamId, revision.toString()]);
    },
  },
  teardown: async () => undefined,
}));

describe('PostgresEventStore', () => {
  let store: PostgresEventStore;
  let prefix: string;
  const stream = (label = 'stream') => `${prefix}${label}-${randomUUID()}`;

  beforeAll(() => {
    store = openStore();
  });
  beforeEach(() => {
    prefix = `pg${randomUUID().slice(0, 8)}_`;
  });

  /** An append through the production SQL path on a transaction the test holds open. */
  async function openTransaction(appends: StreamAppend[]): Promise<PoolClient> {
    const client = await pool.connect();
    await client.query('BEGIN');
    await store.appendInTransaction(client, appends);
    return client;
  }
  const settle = async (client: PoolClient, outcome: 'COMMIT' | 'ROLLBACK') => {
    try {
      await client.query(outcome);
    } finally {
      client.release();
    }
  };

  describe('gap-free $all', () => {
    it('holds back a later commit until an earlier, slower transaction commits, then delivers both in order', async () => {
      const before = await store.headPosition();
      const sub = collect(store, prefix, before, 10);
      const slow = newEvent('Slow');
      const fast = newEvent('Fast');
      const a = await openTransaction([{ streamId: stream('a'), events: [slow], expectedRevision: 'no_stream' }]);
      try {
        await store.append(stream('b'), [fast], { expectedRevision: 'no_stream' });
        // Several poll intervals and the NOTIFY of B's commit have passed: B must still be held back.
        await letTimePass(350, 'B being held back is an absence: nothing to wait on but the clock');
        expect(sub.events).toEqual([]);
        expect((await store.readAll({ after: before })).filter((event) => event.streamId.startsWith(prefix))).toEqual([]);
      } finally {
        await settle(a, 'COMMIT');
      }
      await eventually(() => expect(sub.events.map((event) => event.id)).toEqual([slow.id, fast.id]));
      await letTimePass(150, 'a duplicate would trail behind: nothing marks that none is coming');
      await sub.subscription.stop();
      expect(sub.events).toHaveLength(2);
      expectStrictlyIncreasing(sub.events);
    });

    it('does not stall behind a transaction that rolls back', async () => {
      const before = await store.headPosition();
      const sub = collect(store, prefix, before);
      const lost = newEvent('RolledBack');
      const kept = newEvent('Kept');
      const a = await openTransaction([{ streamId: stream('a'), events: [lost], expectedRevision: 'no_stream' }]);
      try {
        await store.append(stream('b'), [kept], { expectedRevision: 'no_stream' });
        await letTimePass(200, 'kept being held back is an absence: nothing to wait on but the clock');
        expect(sub.events).toEqual([]);
      } finally {
        await settle(a, 'ROLLBACK');
      }
      await eventually(() => expect(sub.events.map((event) => event.id)).toEqual([kept.id]), 3000);
      await sub.subscription.stop();
    });

    it('with writers committing out of order, a subscriber and paged readers skip nothing', async () => {
      const before = await store.headPosition();
      const sub = collect(store, prefix, before, 5);
      const written: string[] = [];
      await Promise.all(
        Array.from({ length: 10 }, async (_, writer) => {
          const streamId = stream(`w${writer}`);
          let revision = -1n;
          for (let n = 0; n < 12; n++) {
            const events = Array.from({ length: 1 + ((writer + n) % 3) }, () => newEvent('W', { writer, n }));
            const client = await openTransaction([{ streamId, events, expectedRevision: revision < 0n ? 'no_stream' : revision }]);
            revision += BigInt(events.length);
            // Transactions that took their xid early commit late, so positions are committed out of order.
            await client.query('SELECT pg_sleep($1)', [Math.random() * 0.015]);
            await settle(client, 'COMMIT');
            written.push(...events.map((event) => `${writer}:${event.id}`));
          }
        }),
      );
      const ids = written.map((entry) => entry.split(':')[1]);
      // A paged reader racing the writers would have to see the same: read it all again after the fact.
      const paged: RecordedEvent[] = [];
      await eventually(async () => {
        const after = paged.length ? paged[paged.length - 1].position : before;
        for (
          let page = await store.readAll({ after, maxCount: 7 });
          page.length;
          page = await store.readAll({ after: page[page.length - 1].position, maxCount: 7 })
        ) {
          paged.push(...page.filter((event) => event.streamId.startsWith(prefix)));
        }
        expect(paged.length).toBeGreaterThanOrEqual(ids.length);
      });
      expect(paged).toHaveLength(ids.length);
      expect(new Set(paged.map((event) => event.id))).toEqual(new Set(ids));
      await eventually(() => expect(sub.events.length).toBeGreaterThanOrEqual(ids.length), 20_000);
      await letTimePass(150, 'a duplicate would trail behind: nothing marks that none is coming');
      await sub.subscription.stop();
      expect(sub.events.map((event) => event.id)).toEqual(paged.map((event) => event.id));
      expectStrictlyIncreasing(sub.events);
    });

    it('keeps a paged reader that ran during the writes gap-free', async () => {
      const before = await store.headPosition();
      let stop = false;
      const seen: RecordedEvent[] = [];
      const reader = (async () => {
        let after = before;
        const deadline = Date.now() + 20_000;
        while ((!stop || seen.length < 150) && Date.now() < deadline) {
          const page = await store.readAll({ after, maxCount: 4 });
          if (page.length) after = page[page.length - 1].position;
          seen.push(...page.filter((event) => event.streamId.startsWith(prefix)));
          if (!page.length) await letTimePass(2, 'the reader must read WHILE the writers write, so it idles, not waits on them');
        }
      })();
      await Promise.all(
        Array.from({ length: 6 }, async (_, writer) => {
          const streamId = stream(`w${writer}`);
          for (let n = 0; n < 25; n++) {
            const client = await openTransaction([{ streamId, events: [newEvent('W', { writer, n })], expectedRevision: 'any' }]);
            await client.query('SELECT pg_sleep($1)', [Math.random() * 0.01]);
            await settle(client, 'COMMIT');
          }
        }),
      );
      stop = true;
      await reader;
      expect(seen).toHaveLength(150);
      expect(new Set(seen.map((event) => event.id)).size).toBe(150);
      expectStrictlyIncreasing(seen);
    });
  });

  describe('appendInTransaction', () => {
    it('writes nothing when the caller rolls back, and commits with the caller', async () => {
      const id = stream();
      const client = await openTransaction([{ streamId: id, events: [newEvent()], expectedRevision: 'no_stream' }]);
      await settle(client, 'ROLLBACK');
      expect(await store.readStream(id)).toEqual([]);
      const again = await openTransaction([{ streamId: id, events: [newEvent()], expectedRevision: 'no_stream' }]);
      await settle(again, 'COMMIT');
      expect(await store.readStream(id)).toHaveLength(1);
    });
  });

  describe('event ids', () => {
    it('rejects a stored id appended to another stream, mixed with new ids, or twice in one batch', async () => {
      const [a, b] = [stream('a'), stream('b')];
      const stored = newEvent();
      await store.append(a, [stored], { expectedRevision: 'no_stream' });
      await expect(store.append(b, [stored], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(store.append(a, [stored, newEvent()], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(store.append(a, [{ ...stored, type: 'Other' }], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );
      const twice = newEvent();
      await expect(
        store.appendMany([
          { streamId: a, events: [twice], expectedRevision: 'any' },
          { streamId: b, events: [twice], expectedRevision: 'any' },
        ]),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(a)).toHaveLength(1);
      expect(await store.readStream(b)).toEqual([]);
    });

    it('stores an id once when the same event is appended concurrently with `any`', async () => {
      const id = stream();
      const event = newEvent();
      const results = await Promise.all(Array.from({ length: 10 }, () => store.append(id, [event], { expectedRevision: 'any' })));
      for (const result of results) expect(result).toEqual(results[0]);
      expect(await store.readStream(id)).toHaveLength(1);
    });
  });

  describe('robustness', () => {
    it('reconnects its LISTEN client and keeps waking subscribers without polling', async () => {
      const applicationName = `listen_${randomUUID().slice(0, 8)}`;
      const url = new URL(db.url);
      url.searchParams.set('application_name', applicationName);
      // Polling every minute: only NOTIFY can deliver within the test's time. A delivery may wait 20 s, a third of that:
      // a transaction anywhere in the cluster (another test file's, on the same server) holds `$all` back while it is
      // open (snapshot xmin is cluster-wide), and 3 s failed once under load.
      const listening = openStore({ pollIntervalMs: 60_000, listenReconnectMs: 20, connectionString: url.toString() });
      const DELIVERY_MS = 20_000;
      const listenerPid = async () =>
        (
          await pool.query<{ pid: number }>(
            "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query = 'LISTEN qrs_events'",
            [applicationName],
          )
        ).rows[0]?.pid;
      const sub = collect(listening, prefix, await store.headPosition());
      await eventually(async () => expect(await listenerPid()).toBeDefined());
      const first = newEvent();
      await store.append(stream(), [first], { expectedRevision: 'any' });
      await eventually(() => expect(sub.events).toHaveLength(1), DELIVERY_MS);

      const pid = await listenerPid();
      await pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await eventually(async () => {
        const next = await listenerPid();
        expect(next).toBeDefined();
        expect(next).not.toBe(pid);
      }, 5000);
      await store.append(stream(), [newEvent()], { expectedRevision: 'any' });
      await eventually(() => expect(sub.events).toHaveLength(2), DELIVERY_MS);
      const started = Date.now();
      await sub.subscription.stop();
      expect(Date.now() - started).toBeLessThan(200);
      await listening.close();
      await eventually(async () => expect(await listenerPid()).toBeUndefined());
    }, 60_000);

    it(
      'a connection terminated mid-append (57P01, as in a PostgreSQL restart) fails that append, and the retry lands: no unhandled ' +
        'error event',
      async () => {
        // A pool whose first checked-out connection is terminated by the server right after BEGIN, while appendMany
        // holds it between two queries: pg then emits 'error' on the client, which the pool no longer listens to.
        const victimPool = new Pool({ connectionString: db.url, max: 2 });
        victimPool.on('error', () => undefined);
        let terminated = 0;
        const connect = victimPool.connect.bind(victimPool) as () => Promise<PoolClient>;
        (victimPool as unknown as { connect: () => Promise<PoolClient> }).connect = async () => {
          const client = await connect();
          if (terminated > 0) return client;
          const query = client.query.bind(client) as (text: string) => Promise<unknown>;
          (client as unknown as { query: (text: string) => Promise<unknown> }).query = async (text: string) => {
            const result = await query(text);
            if (text === 'BEGIN' && terminated === 0) {
              terminated += 1;
              await pool.query('SELECT pg_terminate_backend($1)', [(client as unknown as { processID: number }).processID]);
              await letTimePass(300, "the server's FATAL 57P01 and the socket's end arrive while no query is active");
            }
            return result;
          };
          return client;
        };
        const victim = new PostgresEventStore(victimPool, { connectionString: db.url });
        const uncaught: unknown[] = [];
        const onUncaught = (error: unknown) => uncaught.push(error);
        process.on('uncaughtException', onUncaught);
        try {
          const streamId = stream('terminated');
          const event = newEvent('AfterRestart');
          const failed = await victim.append(streamId, [event], { expectedRevision: 'no_stream' }).catch((error: Error) => error);
          expect(terminated).toBe(1);
          expect(failed).toBeInstanceOf(Error);
          // The broken connection was discarded, not returned to the pool: the retry gets a fresh one and lands.
          await victim.append(streamId, [event], { expectedRevision: 'no_stream' });
          expect((await store.readStream(streamId)).map((stored) => stored.id)).toEqual([event.id]);
          expect(uncaught).toEqual([]);
        } finally {
          process.off('uncaughtException', onUncaught);
          await victim.close();
          await victimPool.end();
        }
      },
    );

    it('returns every pooled connection', async () => {
      await eventually(() => expect(pool.totalCount - pool.idleCount).toBe(0), 3000);
      expect(pool.waitingCount).toBe(0);
    });
  });
});
