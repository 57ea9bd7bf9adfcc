import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ACCOUNT_CONTENT, USER_STREAM_EVENTS } from '../accounts';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { BATCH_EVENTS } from './batch.events';

export const BATCHES_PROJECTION = 'batches';

const CONSUMED = BATCH_EVENTS.and(USER_STREAM_EVENTS.pick('UserDeleted'));

/** `batches`: the owners' batches as GET /api/batches answers them (never the rows themselves); a deleted account's go with it. */
@Injectable()
export class BatchesProjection implements Projection, OnModuleInit {
  readonly name = BATCHES_PROJECTION;
  readonly serves = [ACCOUNT_CONTENT];
  readonly tables = ['batches'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'BatchRequested': {
          const { data } = event;
          await tx.query(
            `INSERT INTO batches (id, client_id, owner_id, name, total, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
            [data.batchId, event.metadata.tenantId, data.ownerId, data.name, data.rows.length, at],
          );
          break;
        }
        case 'BatchStarted':
          await tx.query(`UPDATE batches SET state = 'running', updated_at = $2 WHERE id = $1`, [event.data.batchId, at]);
          break;
        case 'BatchRowsProcessed': {
          const { data } = event;
          await tx.query(
            `UPDATE batches SET processed = $2, code_ids = code_ids || $3::uuid[], failed = failed || $4::jsonb,
               warnings = warnings || $6::jsonb, updated_at = $5
             WHERE id = $1`,
            [
              data.batchId,
              data.processed,
              data.created.map((made) => made.codeId),
              JSON.stringify(data.failed),
              at,
              JSON.stringify(data.warnings ?? []),
            ],
          );
          break;
        }
        case 'UserDeleted':
          await tx.query('DELETE FROM batches WHERE owner_id = $1', [event.data.userId]);
          break;
        case 'BatchFinished':
          await tx.query('UPDATE batches SET state = $2, reason = $3, updated_at = $4 WHERE id = $1', [
            event.data.batchId,
            event.data.state,
            event.data.reason,
            at,
          ]);
          break;
      }
    }
  }
}
