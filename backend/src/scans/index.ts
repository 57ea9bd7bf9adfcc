/**
 * The scans feature's front door: its events (`Scanned` on `scans-{qrId}`) and the live feed it publishes (per code,
 * on the Redis channel `ScanKeys.live(qrId)`, JSON batches of LiveScan). It has no query service: its one read model
 * (scan_targets) serves the redirect only. Other features import scans only from here.
 */
export { SCANNED, SCAN_EVENTS, scanStream, type BotReason, type Scanned, type ScanEvents } from './scan.events';
/** Retention (issue 32 item 4): the cutoff events of visitor hashes and the worker's job that appends them. */
export {
  VISITOR_HASH_EVENTS,
  VISITOR_HASH_RETENTION_STREAM,
  VISITOR_HASHES_EXPIRED,
  VisitorHashRetention,
  type VisitorHashesExpired,
} from './visitor-hash-retention';
export { SCAN_KEYS, scanKeys, type ScanKeys } from './scan-keys';
export type { LiveScan, IngestedScan } from './scan-ingester';
/** The scan pipeline's figures for the staff console's operations screen (stream, pending entries, ingest rate). */
export { readScanPipeline, type ScanPipelineFigures } from './scan-pipeline';
/** Link-preview fetchers: a bot scan whose browser is one of these is a link preview (analytics counts them apart). */
export { PREVIEW_FETCHERS } from './scan-enrich';
export { SCAN_TARGETS_PROJECTION } from './scan-target-cache';
