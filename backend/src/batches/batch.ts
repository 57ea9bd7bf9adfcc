import type { Decided, Evolvable } from '../command-pipeline/command-pipeline';
import { BATCH_MESSAGES } from '@qrsharks/qr-core';
import { DomainError } from '../common/domain-error';
import { BATCH_EVENTS, type BatchFailure, type BatchRequested, type BatchWarning } from './batch.events';

/**
 * The batch aggregate (`batch-{id}`, issue 35): pure, no Nest, no I/O. A batch is requested once with its rows; the
 * worker starts it, records runs of processed rows in order, and finishes it.
 */
export type BatchStateName = 'queued' | 'running' | 'done' | 'failed';

export interface BatchState {
  requested: BatchRequested | null;
  tenantId: number | null;
  state: BatchStateName;
  processed: number;
  created: { row: number; codeId: string }[];
  failed: BatchFailure[];
}
export const initialBatch: BatchState = { requested: null, tenantId: null, state: 'queued', processed: 0, created: [], failed: [] };

export const BATCH_NOT_FOUND = 'Batch not found';

export function evolveBatch(state: BatchState, event: Evolvable): BatchState {
  if (!BATCH_EVENTS.has(event)) return state;
  switch (event.type) {
    case 'BatchRequested':
      return { ...state, requested: event.data, tenantId: event.metadata?.tenantId ?? null };
    case 'BatchStarted':
      return { ...state, state: 'running' };
    case 'BatchRowsProcessed':
      return {
        ...state,
        processed: event.data.processed,
        created: [...state.created, ...event.data.created],
        failed: [...state.failed, ...event.data.failed],
      };
    case 'BatchFinished':
      return { ...state, state: event.data.state };
    default:
      return state;
  }
}

export interface BatchOwner {
  userId: string;
  tenantId: number;
}

/** Someone else's batch and none at all look the same: 404. */
export function guardBatchOwner(state: BatchState, owner: BatchOwner): BatchRequested {
  if (!state.requested || state.requested.ownerId !== owner.userId || state.tenantId !== owner.tenantId)
    throw DomainError.notFound(BATCH_NOT_FOUND);
  return state.requested;
}

export function decideRequest(
  state: BatchState,
  owner: BatchOwner,
  batch: { batchId: string; name: string; rows: Record<string, unknown>[] },
  maxRows: number,
): Decided[] {
  if (state.requested) throw DomainError.conflict('This batch already exists');
  if (!batch.rows.length) throw DomainError.invalid({ rows: BATCH_MESSAGES.noRows });
  if (batch.rows.length > maxRows) throw DomainError.invalid({ rows: BATCH_MESSAGES.tooManyRows(maxRows) });
  return [{ type: 'BatchRequested', data: { batchId: batch.batchId, ownerId: owner.userId, name: batch.name, rows: batch.rows } }];
}

/** The worker takes a queued batch up; a batch already running (a job taken back after a crash) goes on as it is. */
export function decideStart(state: BatchState): Decided[] {
  if (!state.requested || state.state !== 'queued') return [];
  return [{ type: 'BatchStarted', data: { batchId: state.requested.batchId } }];
}

/**
 * A run of rows processed in order, from the row after the last one recorded. A run that does not follow on (another
 * worker recorded those rows first) is refused, so no row is counted twice.
 */
export function decideProgress(
  state: BatchState,
  run: { from: number; to: number; created: { row: number; codeId: string }[]; failed: BatchFailure[]; warnings: BatchWarning[] },
): Decided[] {
  if (!state.requested || state.state !== 'running') throw DomainError.conflict('This batch is not running');
  if (run.from !== state.processed + 1 || run.to < run.from || run.to > state.requested.rows.length)
    throw DomainError.conflict(`Rows ${run.from} to ${run.to} do not follow row ${state.processed}`);
  return [
    {
      type: 'BatchRowsProcessed',
      data: {
        batchId: state.requested.batchId,
        processed: run.to,
        created: run.created,
        failed: run.failed,
        ...(run.warnings.length ? { warnings: run.warnings } : {}),
      },
    },
  ];
}

export function decideFinish(state: BatchState, outcome: { state: 'done' | 'failed'; reason: string | null }): Decided[] {
  if (!state.requested || state.state === 'done' || state.state === 'failed') return [];
  if (outcome.state === 'done' && state.processed < state.requested.rows.length)
    throw DomainError.conflict(`Only ${state.processed} of ${state.requested.rows.length} rows are processed`);
  return [{ type: 'BatchFinished', data: { batchId: state.requested.batchId, state: outcome.state, reason: outcome.reason } }];
}
