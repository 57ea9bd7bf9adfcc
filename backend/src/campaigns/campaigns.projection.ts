import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { CAMPAIGN_EVENTS, NOTIFICATION_PREFERENCES_EVENTS } from './campaign.events';

const CONSUMED = CAMPAIGN_EVENTS.and(NOTIFICATION_PREFERENCES_EVENTS);

export const CAMPAIGNS_PROJECTION = 'campaigns';

/** `campaigns` (the console's list) and `notification_preferences` (the owners' opt-outs the audiences read). */
@Injectable()
export class CampaignsProjection implements Projection, OnModuleInit {
  readonly name = CAMPAIGNS_PROJECTION;
  readonly tables = ['campaigns', 'notification_preferences'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      if (event.type === 'CampaignStarted') {
        const { data } = event;
        await tx.query(
          `INSERT INTO campaigns (id, client_id, kind, subject, recipient_count, audience_count, include_stats, started_by, started_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
          [
            data.campaignId,
            event.metadata.tenantId,
            data.kind,
            data.subject,
            data.recipientCount,
            data.audienceCount,
            data.stats !== null,
            data.startedBy,
            event.metadata.occurredAt,
          ],
        );
      } else {
        const { data } = event;
        await tx.query(
          `INSERT INTO notification_preferences (user_id, client_id, scan_notifications, pause_notifications, updated_at)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id) DO UPDATE SET scan_notifications = excluded.scan_notifications,
             pause_notifications = excluded.pause_notifications, updated_at = excluded.updated_at`,
          [data.userId, event.metadata.tenantId, data.scanNotifications, data.pauseNotifications, event.metadata.occurredAt],
        );
      }
    }
  }
}
