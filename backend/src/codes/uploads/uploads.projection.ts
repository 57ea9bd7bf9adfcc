import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store';
import type { Projection } from '../../projections/projection';
import { ProjectionsService } from '../../projections/projections.service';
import { ACCOUNT_CONTENT, USER_STREAM_EVENTS } from '../../accounts';
import { UPLOAD_EVENTS } from './upload.events';

/** Uploads, and accounts' UserDeleted: a deleted account's files leave the read model (so /pdf/, /images/, /uploads/ 404). */
const CONSUMED = UPLOAD_EVENTS.and(USER_STREAM_EVENTS.pick('UserDeleted'));

/** The uploaded_files projection's name: commands and readers wait on it by this constant (ProjectionsService.waitFor). */
export const UPLOADED_FILES_PROJECTION = 'uploaded-files';

@Injectable()
export class UploadsProjection implements Projection, OnModuleInit {
  readonly name = UPLOADED_FILES_PROJECTION;
  /** A deleted account's files stop being served with UserDeleted. */
  readonly serves = [ACCOUNT_CONTENT];
  readonly tables = ['uploaded_files'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      if (event.type === 'UserDeleted') {
        await tx.query('DELETE FROM uploaded_files WHERE user_id = $1', [event.data.userId]);
        continue;
      }
      const d = event.data;
      await tx.query(
        `INSERT INTO uploaded_files (id, client_id, user_id, kind, stored_name, original_name, mime_type, size_bytes, title, description,
         created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
        [
          d.uploadId,
          event.metadata.tenantId,
          d.userId,
          d.kind,
          d.storedName,
          d.originalName.slice(0, 255),
          d.mimeType,
          d.sizeBytes,
          d.title?.slice(0, 255) ?? null,
          d.description,
          event.metadata.occurredAt,
        ],
      );
    }
  }
}
