import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of uploaded files; filled only by UploadsProjection. */
@Entity({ name: 'uploaded_files' })
export class UploadedFileEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer', default: 1 })
  clientId: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  kind: string;

  @Column({ name: 'stored_name', type: 'varchar', length: 64, unique: true })
  storedName: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 100 })
  mimeType: string;

  @Column({ name: 'size_bytes', type: 'integer' })
  sizeBytes: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
