import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The dispatcher's own tables (webhook-dispatcher.ts), written in its batch transactions with its checkpoint and never
 * rebuilt: like mail's ledger they are a record of what was sent, not read models.
 */

/** Every webhook as the dispatcher has seen it so far in `$all`: who gets what, and the key it signs with. */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpointEntity {
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

  @Column({ type: 'text' })
  secret: string;

  /** active, disabled (every retry of a delivery failed) or deleted. */
  @Column({ type: 'varchar', length: 10, default: 'active' })
  status: string;
}

/** Each code's owner and short code, from its QrCreated: what later events of the code (and its scans) are routed by. */
@Entity({ name: 'webhook_codes' })
export class WebhookCodeEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'uuid' })
  qrId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ name: 'short_code', type: 'text', nullable: true })
  shortCode: string | null;
}

/**
 * The delivery ledger: one row per event × webhook (and per replay), recorded before it is sent. `seq` orders the rows
 * as the store ordered their events: a row is sent only when no earlier row of the same webhook and code is unsettled.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_chain', ['webhookId', 'qrId', 'seq'])
@Index('IDX_webhook_deliveries_status', ['status', 'updatedAt'])
@Index('IDX_webhook_deliveries_webhook', ['webhookId', 'seq'])
export class WebhookDeliveryEntity {
  /** `event:{eventId}:{webhookId}` or `replay:{replayId}:{eventId}`: the Bull job id is the same string. */
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS', insert: false, update: false })
  seq: string;

  @Column({ name: 'webhook_id', type: 'uuid' })
  webhookId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'qr_id', type: 'uuid' })
  qrId: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId: string;

  /** scan.created, code.created, … */
  @Column({ type: 'varchar', length: 20 })
  type: string;

  /** The webhook-id header: the same on every attempt, and on a replay of the same event. */
  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  /** The exact JSON body every attempt sends. */
  @Column({ type: 'text' })
  body: string;

  /** pending → sending → delivered; failed after the last try; cancelled when the webhook went before it was sent. */
  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Attempts that found the previous one still 'sending': a worker died mid-delivery. */
  @Column({ type: 'integer', default: 0 })
  interrupted: number;

  @Column({ name: 'last_status', type: 'text', nullable: true })
  lastStatus: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ type: 'boolean', default: false })
  replay: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;
}

/**
 * A replay (WebhookReplayRequested) being read from the store a page at a time (webhook-replayer.ts): the events of
 * `$all` after the cursor (`after_*`; null: from the start) and before the request (`until_*`) that happened at or
 * after `from_at` are recorded again, one page per transaction.
 */
@Entity({ name: 'webhook_replays' })
@Index('IDX_webhook_replays_open', ['done', 'createdAt'])
export class WebhookReplayEntity {
  @PrimaryColumn({ name: 'replay_id', type: 'uuid', primaryKeyConstraintName: 'webhook_replays_pkey' })
  replayId: string;

  @Column({ name: 'webhook_id', type: 'uuid' })
  webhookId: string;

  @Column({ name: 'from_at', type: 'timestamptz' })
  fromAt: Date;

  @Column({ name: 'until_commit', type: 'bigint' })
  untilCommit: string;

  @Column({ name: 'until_prepare', type: 'bigint' })
  untilPrepare: string;

  @Column({ name: 'after_commit', type: 'bigint', nullable: true })
  afterCommit: string | null;

  @Column({ name: 'after_prepare', type: 'bigint', nullable: true })
  afterPrepare: string | null;

  /** Transactions so far: one per page. */
  @Column({ type: 'integer', default: 0 })
  pages: number;

  @Column({ type: 'boolean', default: false })
  done: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
