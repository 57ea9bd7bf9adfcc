import type { DeadLetterRecord, RebuildRecord, RebuildState } from '../projections/projection-records';

/**
 * What the operations routes answer (issue 19): the rows of projections, rebuild requests and dead letters, the
 * records they are made from, and the not-found messages. Shared by the status, rebuilds and dead-letters services.
 */

export const PROJECTION_NOT_FOUND = 'Projection not found';
export const REBUILD_NOT_FOUND = 'Rebuild not found';
export const DEAD_LETTER_NOT_FOUND = 'Dead letter not found';

export type ProjectionState = 'live' | 'catching up' | 'stalled' | 'rebuild requested' | 'rebuilding';

export interface ProjectionRow {
  id: string;
  name: string;
  tables: string[];
  checkpoint: { commit: string; prepare: string };
  checkpointAt: string | null;
  /** null when the event store cannot count it (EventStore.lag: EventStoreDB answers "not supported"). */
  lagEvents: number | null;
  /** True when the lag reached LAG_COUNT_CAP and was not counted further. */
  lagCapped: boolean;
  /** Age of the oldest event the projection has not read yet; 0 when it has read everything. */
  lagSeconds: number | null;
  /** Events read per second over the last minute of this server's samples; null until it has two. */
  eventsPerSecond: number | null;
  state: ProjectionState;
  deadLetters: number;
  lastRebuild: RebuildRow | null;
}

export interface RebuildRow {
  id: string;
  projection: string;
  requestedBy: string;
  requestedAt: string;
  state: RebuildState;
  processed: number;
  total: number | null;
  /** 0 to 100; 100 once swapped in. */
  percent: number;
  startedAt: string | null;
  swappedAt: string | null;
  swapMs: number | null;
  finishedAt: string | null;
  error: string | null;
}

export interface DeadLetterRow {
  id: string;
  projection: string;
  eventId: string;
  eventType: string;
  position: { commit: string; prepare: string };
  error: string;
  failedAt: string;
  state: 'open' | 'retried' | 'skipped';
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface DeadLetterDetail extends DeadLetterRow {
  /** The failing event as the store holds it (null when it can no longer be read). */
  event: { streamId: string; revision: string; type: string; data: unknown; metadata: unknown } | null;
}

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function rebuildRow(record: RebuildRecord): RebuildRow {
  const { processed, total } = record;
  const percent = record.state === 'done' ? 100 : total ? Math.min(99, Math.floor((processed / total) * 100)) : 0;
  return {
    id: record.id,
    projection: record.projection,
    requestedBy: record.requestedByEmail,
    requestedAt: record.requestedAt.toISOString(),
    state: record.state,
    processed,
    total,
    percent,
    startedAt: iso(record.startedAt),
    swappedAt: iso(record.swappedAt),
    swapMs: record.swapMs,
    finishedAt: iso(record.finishedAt),
    error: record.error,
  };
}

export function deadLetterRow(record: DeadLetterRecord): DeadLetterRow {
  return {
    id: record.id,
    projection: record.projection,
    eventId: record.eventId,
    eventType: record.eventType,
    position: { commit: record.commit, prepare: record.prepare },
    error: record.error,
    failedAt: record.failedAt.toISOString(),
    state: record.resolution ?? 'open',
    resolvedAt: iso(record.resolvedAt),
    resolvedBy: record.resolvedByEmail,
  };
}
