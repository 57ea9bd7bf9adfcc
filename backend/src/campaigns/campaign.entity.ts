import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The campaigns started (issue 22), one row per CampaignStarted; their progress is read from the mail ledger. */
@Entity({ name: 'campaigns' })
@Index('IDX_campaigns_client_started', ['clientId', 'startedAt'])
export class CampaignEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'recipient_count', type: 'integer' })
  recipientCount: number;

  @Column({ name: 'audience_count', type: 'integer' })
  audienceCount: number;

  @Column({ name: 'include_stats', type: 'boolean', default: false })
  includeStats: boolean;

  @Column({ name: 'started_by', type: 'uuid' })
  startedBy: string;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt: Date;
}

/** Owners' notification opt-outs (account settings); no row: both notifications on. */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'scan_notifications', type: 'boolean', default: true })
  scanNotifications: boolean;

  @Column({ name: 'pause_notifications', type: 'boolean', default: true })
  pauseNotifications: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
