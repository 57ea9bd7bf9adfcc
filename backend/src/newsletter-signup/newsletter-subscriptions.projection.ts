import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { NEWSLETTER_EVENT_TYPES, NewsletterSubscribed, normalizeEmail } from './newsletter-subscription.events';

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
      if (event.type !== 'NewsletterSubscribed') continue;
      const data = event.data as NewsletterSubscribed;
      await tx.query(
        `INSERT INTO newsletter_subscriptions (id, client_id, email, subscribed_at, is_deleted)
         VALUES ($1, $2, $3, $4, false)
         ON CONFLICT (email) DO NOTHING`,
        [event.id, event.metadata.tenantId ?? 1, normalizeEmail(data.email), event.metadata.occurredAt],
      );
    }
  }
}
