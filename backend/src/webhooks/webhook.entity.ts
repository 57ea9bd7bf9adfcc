import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The owners' webhooks as the routes list them (the `webhooks` projection); a deleted webhook's row is removed. */
@Entity({ name: 'webhooks' })
@Index('IDX_webhooks_owner', ['clientId', 'ownerId', 'createdAt'])
export class WebhookEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ name: 'include_bots', type: 'boolean', default: false })
  includeBots: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;
}
