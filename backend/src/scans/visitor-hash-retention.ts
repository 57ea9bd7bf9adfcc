import { Injectable } from '@nestjs/common';
import { RetentionJob, type RetentionCutoff } from '../command-pipeline/retention';
import type { Env } from '../config/env';
import { eventCatalogue } from '../event-store/typed-events';

/**
 * Issue 32 item 4: the scans of UTC days before `before` ('YYYY-MM-DD') have lost their visitor hash. On the stream
 * `retention-visitor-hashes`, appended by the worker's VisitorHashRetention; the analytics projection replaces those
 * days' hashes with numbers that tell the day's visitors apart (unique-visitor counts stay as they were). The
 * `Scanned` events themselves keep their hash (the event log is append-only; docs/decisions.md).
 */
export type VisitorHashesExpired = RetentionCutoff;
export const VISITOR_HASHES_EXPIRED = 'VisitorHashesExpired';
export const VISITOR_HASH_RETENTION_STREAM = 'retention-visitor-hashes';
export const VISITOR_HASH_EVENTS = eventCatalogue<{ VisitorHashesExpired: VisitorHashesExpired }>({ VisitorHashesExpired: true });

/** The worker's job: records the cutoff VISITOR_HASH_RETENTION_DAYS gives, once per new day (RetentionJob). */
@Injectable()
export class VisitorHashRetention extends RetentionJob {
  protected readonly policy = {
    name: 'VisitorHashRetention',
    stream: VISITOR_HASH_RETENTION_STREAM,
    type: VISITOR_HASHES_EXPIRED,
    days: (env: Env) => env.VISITOR_HASH_RETENTION_DAYS,
  };
}
