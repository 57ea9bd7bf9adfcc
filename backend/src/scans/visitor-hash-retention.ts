import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CommandPipeline } from '../command-pipeline';
import { everyPeriod, recordRetentionCutoff, retentionCutoff, type RetentionCutoff } from '../command-pipeline/retention';
import { ENV, Env } from '../config/env';
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

/** The worker's job: every RETENTION_SWEEP_MS, records the cutoff VISITOR_HASH_RETENTION_DAYS gives, once per new day. */
@Injectable()
export class VisitorHashRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private stop: (() => void) | null = null;

  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    this.stop = everyPeriod('VisitorHashRetention', this.env.RETENTION_SWEEP_MS, () => this.run());
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** Appends VisitorHashesExpired when the cutoff moved (a second run the same day appends nothing). */
  run(now = Date.now()): Promise<boolean> {
    return recordRetentionCutoff(this.pipeline, {
      stream: VISITOR_HASH_RETENTION_STREAM,
      type: VISITOR_HASHES_EXPIRED,
      before: retentionCutoff(this.env.VISITOR_HASH_RETENTION_DAYS, now),
    });
  }
}
