import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CommandPipeline } from '../command-pipeline';
import { everyPeriod, recordRetentionCutoff, retentionCutoff, type RetentionCutoff } from '../command-pipeline/retention';
import { ENV, Env } from '../config/env';
import { eventCatalogue } from '../event-store/typed-events';

/**
 * Issue 34: the webhook delivery ledger's settled rows (delivered, failed, cancelled) recorded before the UTC day
 * `before` ('YYYY-MM-DD') are removed, bodies and all. On the stream `retention-webhook-deliveries`, appended by the
 * worker's WebhookRetention when WEBHOOK_DELIVERY_RETENTION_DAYS moves the cutoff; the webhook dispatcher applies it in
 * its batch's transaction (expireDeliveries), at its place in `$all`. Rows still to be sent (pending, sending) stay.
 */
export type WebhookDeliveriesExpired = RetentionCutoff;
export const WEBHOOK_DELIVERIES_EXPIRED = 'WebhookDeliveriesExpired';
export const WEBHOOK_RETENTION_STREAM = 'retention-webhook-deliveries';
export const WEBHOOK_RETENTION_EVENTS = eventCatalogue<{ WebhookDeliveriesExpired: WebhookDeliveriesExpired }>({
  WebhookDeliveriesExpired: true,
});

/** Removes the settled ledger rows recorded before the cutoff. Resolves to how many it removed. */
export async function expireDeliveries({ before }: WebhookDeliveriesExpired, tx: EntityManager): Promise<number> {
  const [, count] = (await tx.query(
    `DELETE FROM webhook_deliveries WHERE created_at < $1::date AND status IN ('delivered', 'failed', 'cancelled')`,
    [before],
  )) as [unknown, number];
  return count;
}

/** The worker's job: every RETENTION_SWEEP_MS, records the cutoff WEBHOOK_DELIVERY_RETENTION_DAYS gives, once per new day. */
@Injectable()
export class WebhookRetention implements OnApplicationBootstrap, OnModuleDestroy {
  private stop: (() => void) | null = null;

  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    this.stop = everyPeriod('WebhookRetention', this.env.RETENTION_SWEEP_MS, () => this.run());
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** Appends WebhookDeliveriesExpired when the cutoff moved (a second run the same day appends nothing). */
  run(now = Date.now()): Promise<boolean> {
    return recordRetentionCutoff(this.pipeline, {
      stream: WEBHOOK_RETENTION_STREAM,
      type: WEBHOOK_DELIVERIES_EXPIRED,
      before: retentionCutoff(this.env.WEBHOOK_DELIVERY_RETENTION_DAYS, now),
    });
  }
}
