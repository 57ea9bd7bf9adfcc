import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { EntityManager } from 'typeorm';
import { ENV, type Env } from '../../config/env';
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

  /** Stored names of a deleted account's files, removed from UPLOAD_DIR once the batch that dropped their rows committed. */
  private readonly gone: string[] = [];

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      if (event.type === 'UserDeleted') {
        const rows = (await tx.query('SELECT stored_name FROM uploaded_files WHERE user_id = $1', [event.data.userId])) as {
          stored_name: string;
        }[];
        this.gone.push(...rows.map((row) => row.stored_name));
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

  /**
   * Issue 32 item 2: a deleted account's files leave the disk too. After the commit (a rebuild never calls this: the
   * files went when the live projection first met the deletion); a file already gone is no error.
   */
  async afterCommit(): Promise<void> {
    const dir = resolve(this.env.UPLOAD_DIR);
    const names = this.gone.splice(0);
    await Promise.all(names.map((name) => rm(join(dir, basename(name)), { force: true })));
  }
}
