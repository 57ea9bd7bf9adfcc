import { Pool } from 'pg';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import { PostgresEventStore } from './postgres-event-store';

let db: TestDatabase; let pool: Pool; let store: PostgresEventStore;
beforeAll(async () => { db = await createTestDatabase(); pool = new Pool({ connectionString: db.url }); store = new PostgresEventStore(pool, { connectionString: db.url }); });
afterAll(async () => { await store.close(); await pool.end(); await db.drop(); });
const meta = { tenantId: 1, actorId: 'system', correlationId: 'c', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 };
test('append and read', async () => {
  const id = randomUUID();
  const r = await store.append('s-1', [{ id, type: 'A', data: { x: 1 }, metadata: meta }], { expectedRevision: 'no_stream' });
  expect(r.nextRevision).toBe(0n);
  const again = await store.append('s-1', [{ id, type: 'A', data: { x: 1 }, metadata: meta }], { expectedRevision: 'no_stream' });
  expect(again.position).toEqual(r.position);
  const all = await store.readAll();
  expect(all.map((e) => e.id)).toEqual([id]);
  const got: string[] = [];
  const sub = store.subscribeAll({}, async (evs) => { got.push(...evs.map((e) => e.id)); });
  const id2 = randomUUID();
  await store.append('s-1', [{ id: id2, type: 'B', data: {}, metadata: meta }], { expectedRevision: 0n });
  for (let i = 0; i < 50 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  await sub.stop();
  expect(got).toEqual([id, id2]);
  await expect(store.append('s-1', [{ id: randomUUID(), type: 'B', data: {}, metadata: meta }], { expectedRevision: 0n })).rejects.toThrow('expected revision 0');
});
