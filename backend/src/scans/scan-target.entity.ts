import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What the redirect needs per short code; filled only by ScanTargetsProjection from the qr-{id} streams. */
@Entity({ name: 'scan_targets' })
export class ScanTargetEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @Index('scan_targets_short_code_key', { unique: true })
  @Column({ name: 'short_code', type: 'varchar', length: 64 })
  shortCode: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'user_id', type: 'varchar', length: 64, nullable: true })
  userId: string | null;

  @Column({ name: 'qr_type', type: 'varchar', length: 20 })
  qrType: string;

  @Column({ type: 'text', nullable: true })
  destination: string | null;

  @Column({ type: 'jsonb', default: {} })
  fields: Record<string, unknown>;

  /** argon2id hash of the code's password (QrPasswordSet): /d/ asks for it first. Null: no password. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  /** The code's routing (QrRoutingChanged's `after`, issue 33), null without one: the redirect decides each scan by it. */
  @Column({ type: 'jsonb', nullable: true })
  routing: Record<string, unknown> | null;

  @Column({ name: 'is_paused', type: 'boolean', default: false })
  isPaused: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  /** Suspended by staff (QrSuspended): /d/ answers the disabled page. */
  @Column({ name: 'is_suspended', type: 'boolean', default: false })
  isSuspended: boolean;

  /** The destination's host is on the blocklist (kept by this projection from DomainBlocked/DomainUnblocked). */
  @Column({ name: 'is_blocked', type: 'boolean', default: false })
  isBlocked: boolean;

  /** Lower-case host of the destination, what the blocklist matches; null without one. */
  @Column({ name: 'destination_host', type: 'varchar', length: 253, nullable: true })
  destinationHost: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** The scan_targets projection's own copy of the destination blocklist (global, like `blocked_domains`). */
@Entity({ name: 'scan_target_blocks' })
export class ScanTargetBlockEntity {
  @PrimaryColumn({ type: 'varchar', length: 253 })
  domain: string;
}
