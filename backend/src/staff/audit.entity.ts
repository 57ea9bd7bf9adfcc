import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The audit log (filled only by AuditProjection): one row per change a person made, newest first by $all position.
 * Indexed for the console's filters: tenant, subject user, actor, code and event type, each with the position so a
 * filtered page is an index range scan.
 */
@Entity({ name: 'audit_events' })
@Index('idx_audit_events_position', ['position', 'prepare'])
@Index('idx_audit_events_client', ['clientId', 'position'])
@Index('idx_audit_events_client_type', ['clientId', 'type', 'position'])
@Index('idx_audit_events_user', ['userId', 'position'])
@Index('idx_audit_events_actor', ['actorId', 'position'])
@Index('idx_audit_events_qr', ['qrId', 'position'])
@Index('idx_audit_events_type', ['type', 'position'])
@Index('idx_audit_events_occurred', ['occurredAt'])
/** `q`: a trigram GIN index on summary and actor_email (migration ConsoleSearchTrigrams; TypeORM cannot state its operator classes). */
@Index('idx_audit_events_q', { synchronize: false })
export class AuditEventEntity {
  /** The event's own id. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** $all commit position (and prepare position, which orders events that share one on EventStoreDB). */
  @Column({ type: 'bigint' })
  position: string;

  @Column({ type: 'bigint' })
  prepare: string;

  @Column({ name: 'stream_id', type: 'varchar', length: 300 })
  streamId: string;

  @Column({ type: 'bigint' })
  revision: string;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The tenant of what changed (the code's or the user's), else the event's. */
  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'actor_id', type: 'varchar', length: 64, nullable: true })
  actorId: string | null;

  /** The actor's email when the event happened ('system' for the command line and the product itself). */
  @Column({ name: 'actor_email', type: 'varchar', length: 255, nullable: true })
  actorEmail: string | null;

  /** The user the change is about: the account, or the code's owner. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ name: 'qr_id', type: 'uuid', nullable: true })
  qrId: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  /** What happened, as a sentence without its subject ("changed the destination of Menu QR from ... to ..."). */
  @Column({ type: 'text' })
  summary: string;

  /** Field by field: [{ field, before, after }] against the state before the event. */
  @Column({ type: 'jsonb', default: [] })
  changes: { field: string; before: unknown; after: unknown }[];

  /** The event's data with secrets (password hashes, API keys) replaced. */
  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ type: 'jsonb' })
  metadata: Record<string, unknown>;

  @Column({ name: 'correlation_id', type: 'varchar', length: 64, nullable: true })
  correlationId: string | null;
}

/** The console's users list, kept by the audit projection beside the log (it needs their emails for the sentences). */
@Entity({ name: 'staff_users' })
@Index('idx_staff_users_client_created', ['clientId', 'createdAt'])
@Index('idx_staff_users_email', ['email'])
/** `q`: trigram GIN on email, username and first_name || ' ' || last_name (migration ConsoleSearchTrigrams). */
@Index('idx_staff_users_q', { synchronize: false })
export class StaffUserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 255 })
  username: string;

  @Column({ name: 'first_name', type: 'varchar', length: 255, default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 255, default: '' })
  lastName: string;

  @Column({ type: 'text', array: true, default: '{}' })
  roles: string[];

  @Column({ name: 'subscription_status', type: 'varchar', length: 50, default: 'free' })
  subscriptionStatus: string;

  /** When the free trial ends (TrialActivated); the console says "Free trial (N days left)" until then. */
  @Column({ name: 'trial_end_date', type: 'timestamptz', nullable: true })
  trialEndDate: Date | null;

  @Column({ name: 'is_disabled', type: 'boolean', default: false })
  isDisabled: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  /** Codes the user has now (created minus deleted). */
  @Column({ name: 'code_count', type: 'integer', default: 0 })
  codeCount: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** The console's codes list (every tenant's), kept by the audit projection: what its sentences name codes by. */
@Entity({ name: 'staff_codes' })
@Index('idx_staff_codes_client_created', ['clientId', 'createdAt'])
@Index('idx_staff_codes_user', ['userId', 'createdAt'])
/** `q`: trigram GIN on label, destination, short_code and owner_email (migration ConsoleSearchTrigrams). */
@Index('idx_staff_codes_q', { synchronize: false })
export class StaffCodeEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  mode: string;

  @Column({ name: 'qr_type', type: 'varchar', length: 20 })
  qrType: string;

  /** The owner's name for it (QrRenamed). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  /** The content fields (secrets replaced), which the label may come from. */
  @Column({ type: 'jsonb', default: {} })
  fields: Record<string, unknown>;

  /** The owner's name for it, else its title-like field, else its short link, destination or type. */
  @Column({ type: 'varchar', length: 255 })
  label: string;

  /** The owner's email (kept current from staff_users when the code is created). */
  @Column({ name: 'owner_email', type: 'varchar', length: 255, nullable: true })
  ownerEmail: string | null;

  @Column({ name: 'short_code', type: 'varchar', length: 64, nullable: true })
  shortCode: string | null;

  @Column({ type: 'text', nullable: true })
  destination: string | null;

  @Column({ name: 'is_paused', type: 'boolean', default: false })
  isPaused: boolean;

  @Column({ name: 'has_password', type: 'boolean', default: false })
  hasPassword: boolean;

  @Column({ name: 'suspension_reason', type: 'text', nullable: true })
  suspensionReason: string | null;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
