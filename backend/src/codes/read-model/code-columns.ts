import type { CornerShape, DotShape, ErrorCorrectionLevel, FrameStyle, QrType } from '@qrsharks/qr-core';
import { Column, PrimaryColumn } from 'typeorm';

/** Columns both code lists share (website spec: "the same style and frame fields as qr_codes"). */
export abstract class CodeColumns {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer', default: 1 })
  clientId: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  /** The owner's name for the code (QrRenamed); null shows its content or destination instead. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  /** The owner's tags (QrTagsChanged), in their order; the dashboard filters on them ignoring case. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  @Column({ name: 'qr_type', type: 'varchar', length: 20, default: 'url' })
  qrType: QrType;

  /** The validated content fields as sent (every type, including those without columns of their own). */
  @Column({ name: 'qr_data', type: 'jsonb', default: {} })
  qrData: Record<string, unknown>;

  @Column({ type: 'varchar', length: 50, nullable: true })
  platform: string | null;

  @Column({ name: 'fg_color', type: 'varchar', length: 20, default: '#000000' })
  fgColor: string;

  @Column({ name: 'bg_color', type: 'varchar', length: 20, default: '#FFFFFF' })
  bgColor: string;

  @Column({ name: 'gradient_color', type: 'varchar', length: 20, nullable: true })
  gradientColor: string | null;

  @Column({ name: 'qr_style', type: 'varchar', length: 20, default: 'squares' })
  qrStyle: string;

  @Column({ name: 'dot_shape', type: 'varchar', length: 20, default: 'square' })
  dotShape: DotShape;

  @Column({ name: 'corner_shape', type: 'varchar', length: 20, default: 'square' })
  cornerShape: CornerShape;

  @Column({ name: 'inner_corner_shape', type: 'varchar', length: 20, default: 'square' })
  innerCornerShape: CornerShape;

  @Column({ name: 'outer_corner_color', type: 'varchar', length: 20, nullable: true })
  outerCornerColor: string | null;

  @Column({ name: 'inner_corner_color', type: 'varchar', length: 20, nullable: true })
  innerCornerColor: string | null;

  @Column({ name: 'error_correction_level', type: 'varchar', length: 1, default: 'M' })
  errorCorrectionLevel: ErrorCorrectionLevel;

  @Column({ name: 'logo_file_path', type: 'text', nullable: true })
  logoFilePath: string | null;

  @Column({ name: 'logo_file_name', type: 'varchar', length: 255, nullable: true })
  logoFileName: string | null;

  @Column({ name: 'enable_frame', type: 'boolean', default: false })
  enableFrame: boolean;

  @Column({ name: 'frame_text', type: 'varchar', length: 50, default: 'SCAN ME' })
  frameText: string;

  @Column({ name: 'frame_color', type: 'varchar', length: 20, default: '#000000' })
  frameColor: string;

  @Column({ name: 'frame_text_color', type: 'varchar', length: 20, default: '#FFFFFF' })
  frameTextColor: string;

  @Column({ name: 'frame_style', type: 'varchar', length: 20, default: 'rounded' })
  frameStyle: FrameStyle;

  @Column({ name: 'is_paused', type: 'boolean', default: false })
  isPaused: boolean;

  @Column({ name: 'paused_at', type: 'timestamptz', nullable: true })
  pausedAt: Date | null;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** Revision of the code's stream this row reflects: clients send it back as If-Match to refuse stale writes. */
  @Column({ type: 'integer', default: 0 })
  version: number;
}
