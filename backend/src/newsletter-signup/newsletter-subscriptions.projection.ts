import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { NEWSLETTER_EVENT_TYPES, NewsletterSubscribed, normalizeEmail } from './newsletter-subscription.events';

/**
 * The newsletter list: one row per address. A signup (again, after unsubscribing) makes the row live and unconfirmed;
 * the confirmation link sets `confirmed_at`; unsubscribing marks it deleted. Newsletters go to live confirmed rows.
 */
@Injectable()
export class NewsletterSubscriptionsProjection implements Projection, OnModuleInit {
  readonly name = 'newsletter_subscriptions';
  readonly tables = ['newsletter_subscriptions'];
  readonly eventTypes = NEWSLETTER_EVENT_TYPES;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      const email = normalizeEmail((event.data as NewsletterSubscribed).email);
      const at = event.metadata.occurredAt;
      if (event.type === 'NewsletterSubscribed') {
        await tx.query(
          `INSERT INTO newsletter_subscriptions (id, client_id, email, subscribed_at, is_deleted)
           VALUES ($1, $2, $3, $4, false)
           ON CONFLICT (email) DO UPDATE SET id = excluded.id, client_id = excluded.client_id, subscribed_at = excluded.subscribed_at,
             confirmed_at = NULL, is_deleted = false, deleted_at = NULL
           WHERE newsletter_subscriptions.is_deleted`,
          [event.id, event.metadata.tenantId ?? 1, email, at],
        );
      } else if (event.type === 'NewsletterSubscriptionConfirmed') {
        await tx.query(`UPDATE newsletter_subscriptions SET confirmed_at = $2 WHERE email = $1 AND NOT is_deleted`, [email, at]);
      } else if (event.type === 'NewsletterUnsubscribed') {
        await tx.query(
          `UPDATE newsletter_subscriptions SET is_deleted = true, deleted_at = $2, confirmed_at = NULL WHERE email = $1 AND NOT is_deleted`,
          [email, at],
        );
      }
    }
  }
}
