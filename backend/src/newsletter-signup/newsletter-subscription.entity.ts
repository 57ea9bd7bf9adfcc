import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * Read model of the newsletter lists (website spec's newsletter_subscriptions; one list per tenant, so the spec's
 * unique email is unique per tenant); filled only by its projection.
 */
@Entity({ name: 'newsletter_subscriptions' })
@Unique('UQ_newsletter_subscriptions_client_email', ['clientId', 'email'])
export class NewsletterSubscriptionEntity {
  /** The id of the NewsletterSubscribed event. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer', default: 1 })
  clientId: number;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ name: 'subscribed_at', type: 'timestamptz' })
  subscribedAt: Date;

  /** When the address confirmed (double opt-in); null: not confirmed, and no newsletter goes to it. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;
}
