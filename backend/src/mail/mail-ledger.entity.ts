import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The sent ledger: one row per mail, recorded before the mail is sent and marked once the SMTP server accepted it.
 * Not a read model: nothing rebuilds it, and a replay of the events meets the unique key instead of sending again
 * (docs/decisions.md, "Mail: at-least-once with a ledger").
 */
@Entity({ name: 'mail_ledger' })
@Index('IDX_mail_ledger_status_send_after', ['status', 'sendAfter'])
@Index('IDX_mail_ledger_source_status', ['sourceId', 'status'])
export class MailLedgerEntity {
  /** `event:{eventId}:{recipient}:{kind}` or `campaign:{campaignId}:{recipient}:{kind}`: the Bull job id is the same string. */
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'varchar', length: 40 })
  kind: string;

  /** The event (or campaign) the mail comes from. */
  @Column({ name: 'source_id', type: 'text' })
  sourceId: string;

  /** An address, or `user:{id}` for mails whose address is read from the users read model when sent. */
  @Column({ type: 'text' })
  recipient: string;

  /** What the template needs, taken from the event when the mail was planned. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: Record<string, unknown>;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status: MailStatus;

  /** Not before this time (the trial reminder); otherwise the time it was planned. */
  @Column({ name: 'send_after', type: 'timestamptz' })
  sendAfter: Date;

  /** Send attempts started (status set to 'sending'). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /**
   * Attempts that found the previous one still 'sending': a worker died between starting a send and marking it sent.
   * When it died after the SMTP server's acceptance, the recipient gets the mail twice (the only duplicate left).
   */
  @Column({ type: 'integer', default: 0 })
  interrupted: number;

  /** The Message-ID every attempt of this mail carries (same for all, so mail clients can fold a duplicate). */
  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
