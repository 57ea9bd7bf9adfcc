import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import { newEvent } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

/** appendNew (issue 31): the scan recorder's direct path, one statement per stream that leaves out stored ids. */
describe('PostgresEventStore.appendNew', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = db.pool({ max: 10 });
    store = new PostgresEventStore(pool, { connectionString: db.url });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const revisions = async (streamId: string) =>
    (
      await pool.query<{ id: string; revision: string }>(
        'SELECT id, revision::text FROM events WHERE stream_id = $1 ORDER BY events.revision',
        [streamId],
      )
    ).rows;
  const head = async (streamId: string) =>
    (await pool.query<{ revision: string }>('SELECT revision::text FROM event_streams WHERE stream_id = $1', [streamId])).rows[0]?.revision;

  it('appends after what the stream holds, leaves out the ids already stored and keeps revisions contiguous', async () => {
    const streamId = `scans-${randomUUID()}`;
    const [a, b, c, d] = [newEvent(), newEvent(), newEvent(), newEvent()];
    await store.appendMany([{ streamId, events: [a, b], expectedRevision: 'any' }]);
    await store.appendNew([{ streamId, events: [b, c, a, d] }]);
    await store.appendNew([{ streamId, events: [d, c] }]); // all stored: a no-op
    expect(await revisions(streamId)).toEqual([a, b, c, d].map((event, i) => ({ id: event.id, revision: String(i) })));
    expect(await head(streamId)).toBe('3');
    // readStream sees them as any append's.
    expect((await store.readStream(streamId)).map((event) => event.id)).toEqual([a, b, c, d].map((event) => event.id));
  });

  it('stores each id once when copies of the same events race on one stream and on several', async () => {
    const streams = [`scans-${randomUUID()}`, `scans-${randomUUID()}`];
    const events = streams.map(() => Array.from({ length: 40 }, () => newEvent()));
    const copies = Array.from({ length: 8 }, (_, copy) =>
      store.appendNew(streams.map((streamId, s) => ({ streamId, events: events[s].slice(copy * 3, copy * 3 + 20) }))),
    );
    await Promise.all(copies);
    for (const [s, streamId] of streams.entries()) {
      const rows = await revisions(streamId);
      const expected = new Set(events[s].slice(0, 7 * 3 + 20).map((event) => event.id));
      expect(new Set(rows.map((row) => row.id))).toEqual(expected);
      expect(rows.map((row) => row.revision)).toEqual(rows.map((_, i) => String(i)));
      expect(await head(streamId)).toBe(String(rows.length - 1));
    }
  });
});
