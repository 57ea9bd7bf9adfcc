// Setting a scene the product only reaches with time (a trial that ended days ago): events appended to the run's own
// database through the backend's own event store class, with the metadata every event carries (as
// backend/src/test-support/events.ts builds it). The running backend reads them like any other: no API is mocked.
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { NewEvent } from '../../../backend/src/event-store/event-store';
import { PostgresEventStore } from '../../../backend/src/event-store/postgres-event-store';
import { runDatabaseUrl } from './run';

export interface SceneEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Appends the events to the stream at the revision read just before (a concurrent writer makes it fail, never
 * overwrite). Tenant 1, the stack's only tenant; schemaVersion 1.
 */
export async function appendToStream(streamId: string, events: SceneEvent[], actorId = 'system'): Promise<void> {
  const pool = new Pool({ connectionString: runDatabaseUrl(), max: 1 });
  // Every pg connection gets an 'error' listener: one the server ends between queries would otherwise end the process.
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool);
  try {
    const stored = await store.readStream(streamId);
    const correlationId = randomUUID();
    const newEvents: NewEvent[] = events.map(({ type, data }) => ({
      id: randomUUID(),
      type,
      data,
      metadata: { tenantId: 1, actorId, correlationId, causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    }));
    await store.append(streamId, newEvents, { expectedRevision: stored.length ? stored[stored.length - 1].revision : 'no_stream' });
  } finally {
    await store.close();
    await pool.end();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user's 3-day trial as if activated `daysAgo` days ago: TrialActivated on `user-{id}`, ended `daysAgo - 3` days ago. */
export async function trialActivatedDaysAgo(userId: string, daysAgo: number): Promise<{ trialStartDate: string; trialEndDate: string }> {
  const start = new Date(Date.now() - daysAgo * DAY_MS);
  const dates = { trialStartDate: start.toISOString(), trialEndDate: new Date(start.getTime() + 3 * DAY_MS).toISOString() };
  await appendToStream(`user-${userId}`, [{ type: 'TrialActivated', data: { userId, ...dates } }], userId);
  return dates;
}
