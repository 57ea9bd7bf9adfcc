import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What the redirect needs per short code; filled only by ScanTargetsProjection from the qr-{id} streams. */
@Entity({ name: 'scan_targets' })
export class ScanTargetEntity {
  @PrimaryColumn({ name: 'qr_id', type: 'varchar', length: 64 })
  qrId: string;

  @Index('scan_targets_short_code_key', { unique: true })
  @Column({ name: 'short_code', type: 'varchar', length: 20 })
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

  @Column({ name: 'is_paused', type: 'boolean', default: false })
  isPaused: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
