import type { DeadLetterRecord, RebuildRecord } from '../projections/projection-records';
import { z } from 'zod';

/**
 * What the operations routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types, so the
 * service's rows cannot drift from the document.
 */

const count = z.number().int().min(0);
const position = z.object({ commit: z.string(), prepare: z.string() }).meta({ description: "A position in the event store's log" });

export const rebuildAnswer = z.object({
  id: z.string(),
  projection: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  state: z.enum(['requested', 'running', 'done', 'failed']),
  processed: count,
  total: count.nullable(),
  percent: z.number().min(0).max(100).meta({ description: '0 to 100; 100 once swapped in' }),
  startedAt: z.string().nullable(),
  swappedAt: z.string().nullable(),
  swapMs: z.number().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type RebuildAnswer = z.output<typeof rebuildAnswer>;

export const projectionAnswer = z.object({
  id: z.string(),
  name: z.string(),
  tables: z.array(z.string()),
  checkpoint: position,
  checkpointAt: z.string().nullable(),
  lagEvents: count.nullable().meta({ description: 'null when the event store cannot count it (EventStoreDB)' }),
  lagCapped: z.boolean().meta({ description: 'true when the lag reached the count cap and was not counted further' }),
  lagSeconds: z.number().nullable().meta({ description: 'Age of the oldest event not read yet; 0 when everything is read' }),
  eventsPerSecond: z.number().nullable().meta({ description: 'Over the last minute of samples; null until there are two' }),
  state: z.enum(['live', 'catching up', 'stalled', 'rebuild requested', 'rebuilding']),
  deadLetters: count,
  lastRebuild: rebuildAnswer.nullable(),
});
export type ProjectionAnswer = z.output<typeof projectionAnswer>;

export const deadLetterAnswer = z.object({
  id: z.string(),
  projection: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  position,
  error: z.string(),
  failedAt: z.string(),
  state: z.enum(['open', 'retried', 'skipped']),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type DeadLetterAnswer = z.output<typeof deadLetterAnswer>;

export const deadLetterDetailAnswer = deadLetterAnswer.extend({
  event: z
    .object({ streamId: z.string(), revision: z.string(), type: z.string(), data: z.unknown(), metadata: z.unknown() })
    .nullable()
    .meta({ description: 'The failing event as the store holds it; null when it can no longer be read' }),
});
export type DeadLetterDetailAnswer = z.output<typeof deadLetterDetailAnswer>;

export const scanPipelineAnswer = z.object({
  streamLength: count.meta({ description: 'Scans answered and waiting in the stream' }),
  pending: count.meta({ description: 'Entries an ingester read and has not acknowledged yet' }),
  consumers: count,
  oldestWaitingSeconds: z.number().nullable(),
  ingestRatePerSecond: z.number(),
  ingestRateLast10s: z.number(),
  ingestedLastMinute: count,
  lastIngested: z.object({ scanId: z.string(), qrId: z.string(), scannedAt: z.string(), ingestedAt: z.string() }).nullable(),
});
export type ScanPipelineAnswer = z.output<typeof scanPipelineAnswer>;

export const PROJECTION_NOT_FOUND = 'Projection not found';
export const REBUILD_NOT_FOUND = 'Rebuild not found';
export const DEAD_LETTER_NOT_FOUND = 'Dead letter not found';

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function rebuildRow(record: RebuildRecord): RebuildAnswer {
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

export function deadLetterRow(record: DeadLetterRecord): DeadLetterAnswer {
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
