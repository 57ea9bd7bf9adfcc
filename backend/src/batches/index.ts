/**
 * The batches feature's front door (issue 35): its events (`batch-{id}`), which the staff's audit log records. The
 * feature makes many codes at once through the codes feature's create command; nothing else of it is used by others.
 */
export { BATCH_EVENTS, batchStream, type BatchEvents, type BatchRequested } from './batch.events';
/** The JSON parser of POST /api/batches, mounted by bootstrap before the application's own (a larger, bounded body). */
export { batchBodyParser } from './batch-body';
