/**
 * Events of the batches feature (issue 35), on `batch-{batchId}`. The rows travel in BatchRequested (the worker reads
 * them from the store, so a job Redis lost is taken up again from the events); the worker records its progress.
 */
import { personalData } from '../event-store/personal-data/personal-data-registry';
import { eventCatalogue, type EventOf } from '../event-store/typed-events';

/** One row's problem: rows count from 1 (a CSV's header row not counted); field null when no one field is to blame. */
export interface BatchFailure {
  row: number;
  field: string | null;
  message: string;
}

/** A code a row made that would not scan once printed, or might not (issue 35): in words a person can act on. */
export interface BatchWarning {
  row: number;
  codeId: string;
  message: string;
}

/** A person asked for many codes at once (POST /api/batches). */
export interface BatchRequested {
  batchId: string;
  ownerId: string;
  name: string;
  /** The rows as sent: JSON objects, or a CSV's records keyed by its header (empty cells left out). */
  rows: Record<string, unknown>[];
}

/** The worker took the batch up. */
export interface BatchStarted {
  batchId: string;
}

/** A run of rows, processed in order: the codes made and the rows refused (nothing changed for those). */
export interface BatchRowsProcessed {
  batchId: string;
  /** Rows processed so far, counting these (the next row to process is `processed + 1`). */
  processed: number;
  created: { row: number; codeId: string }[];
  failed: BatchFailure[];
  /** The codes made whose scan check found a problem (absent in events recorded before the check). */
  warnings?: BatchWarning[];
}

/** Every row processed ('done'), or the batch could not go on ('failed': its owner is gone, say). */
export interface BatchFinished {
  batchId: string;
  state: 'done' | 'failed';
  reason: string | null;
}

export interface BatchEvents {
  BatchRequested: BatchRequested;
  BatchStarted: BatchStarted;
  BatchRowsProcessed: BatchRowsProcessed;
  BatchFinished: BatchFinished;
}
export type BatchEvent = EventOf<BatchEvents>;
export const BATCH_EVENTS = eventCatalogue<BatchEvents>({
  BatchRequested: true,
  BatchStarted: true,
  BatchRowsProcessed: true,
  BatchFinished: true,
});

export const batchStream = (batchId: string) => `batch-${batchId}`;

/**
 * Personal data (issue 32): a batch's name and rows (codes' names and contents: addresses, phone numbers in vCards) are
 * sealed with the owner's key (`user:{ownerId}`), so the account's deletion erases them like its codes' own.
 */
personalData.register<BatchRequested>('BatchRequested', { subject: (data) => `user:${data.ownerId}`, fields: { name: '', rows: [] } });
