import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RetentionJob, type RetentionCutoff } from '../command-pipeline/retention';
import type { Env } from '../config/env';
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

/** The worker's job: records the cutoff WEBHOOK_DELIVERY_RETENTION_DAYS gives, once per new day (RetentionJob). */
@Injectable()
export class WebhookRetention extends RetentionJob {
  protected readonly policy = {
    name: 'WebhookRetention',
    stream: WEBHOOK_RETENTION_STREAM,
    type: WEBHOOK_DELIVERIES_EXPIRED,
    days: (env: Env) => env.WEBHOOK_DELIVERY_RETENTION_DAYS,
  };
}
