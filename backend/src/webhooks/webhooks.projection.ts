import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { ACCOUNT_CONTENT, USER_STREAM_EVENTS } from '../accounts';
import { WEBHOOK_EVENTS } from './webhook.events';

export const WEBHOOKS_PROJECTION = 'webhooks';

const CONSUMED = WEBHOOK_EVENTS.pick('WebhookCreated', 'WebhookDeleted', 'WebhookDisabled', 'WebhookEnabled', 'WebhookRetryRequested').and(
  USER_STREAM_EVENTS.pick('UserDeleted'),
);

/** `webhooks`: the owners' webhooks as GET /api/webhooks lists them (never the secret); a deleted account's leave with it. */
@Injectable()
export class WebhooksProjection implements Projection, OnModuleInit {
  readonly name = WEBHOOKS_PROJECTION;
  readonly serves = [ACCOUNT_CONTENT];
  readonly tables = ['webhooks'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'WebhookCreated': {
          const { data } = event;
          await tx.query(
            `INSERT INTO webhooks (id, client_id, owner_id, url, events, include_bots, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
            [data.webhookId, event.metadata.tenantId, data.ownerId, data.url, data.events, data.includeBots, at],
          );
          break;
        }
        case 'WebhookDeleted':
          await tx.query('DELETE FROM webhooks WHERE id = $1', [event.data.webhookId]);
          break;
        case 'UserDeleted':
          await tx.query('DELETE FROM webhooks WHERE owner_id = $1', [event.data.userId]);
          break;
        case 'WebhookDisabled':
          await tx.query('UPDATE webhooks SET disabled_at = $2, disabled_reason = $3 WHERE id = $1', [
            event.data.webhookId,
            at,
            event.data.reason,
          ]);
          break;
        case 'WebhookRetryRequested':
        case 'WebhookEnabled':
          await tx.query('UPDATE webhooks SET disabled_at = NULL, disabled_reason = NULL WHERE id = $1', [event.data.webhookId]);
          break;
      }
    }
  }
}
