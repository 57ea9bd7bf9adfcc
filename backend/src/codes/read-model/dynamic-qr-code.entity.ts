import { Column, Entity, Index } from 'typeorm';
import { CodeColumns } from './code-columns';

/** Read model of dynamic codes (website spec, dynamic_qr_codes); filled only by CodesProjection. */
@Entity({ name: 'dynamic_qr_codes' })
@Index('idx_dynamic_qr_codes_owner', ['clientId', 'userId', 'createdAt', 'id', 'isPaused', 'isDeleted'])
export class DynamicQrCodeEntity extends CodeColumns {
  @Column({ name: 'short_code', type: 'varchar', length: 64, unique: true })
  shortCode: string;

  /** Where /d/{shortCode} redirects; '' for types served by their hosted page (contact, pdf, events, ...). */
  @Column({ type: 'text' })
  destination: string;

  @Column({ name: 'scan_count', type: 'integer', default: 0 })
  scanCount: number;

  /** /d/ asks for a password first (QrPasswordSet); the hash itself lives in the event and in scan_targets only. */
  @Column({ name: 'has_password', type: 'boolean', default: false })
  hasPassword: boolean;

  /** Suspended by staff (QrSuspended): /d/ answers the disabled page and the owner cannot resume it. */
  @Column({ name: 'is_suspended', type: 'boolean', default: false })
  isSuspended: boolean;

  /** Staff's reason, shown to the owner; null when not suspended. */
  @Column({ name: 'suspension_reason', type: 'text', nullable: true })
  suspensionReason: string | null;

  @Column({ name: 'last_scanned_at', type: 'timestamptz', nullable: true })
  lastScannedAt: Date | null;
}
