import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The owners' batches as GET /api/batches lists them (the `batches` projection): progress, codes made, rows refused. */
@Entity({ name: 'batches' })
@Index('IDX_batches_owner', ['clientId', 'ownerId', 'createdAt'])
export class BatchEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'integer' })
  total: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  /** The codes made, in row order. */
  @Column({ name: 'code_ids', type: 'uuid', array: true, default: () => "'{}'" })
  codeIds: string[];

  /** The rows refused: [{ row, field, message }]. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  failed: unknown[];

  /** The codes made that would not scan once printed, or might not: [{ row, codeId, message }]. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  warnings: unknown[];

  @Column({ type: 'varchar', length: 10, default: 'queued' })
  state: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
