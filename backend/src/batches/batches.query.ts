import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { BATCH_NOT_FOUND } from './batch';
import type { BatchAnswer } from './batches.answers';

interface BatchRow {
  id: string;
  name: string;
  total: number;
  processed: number;
  code_ids: string[];
  failed: BatchAnswer['failed'];
  warnings: BatchAnswer['warnings'];
  state: BatchAnswer['state'];
  reason: string | null;
  created_at: Date;
}

const answerOf = (row: BatchRow): BatchAnswer => ({
  id: row.id,
  name: row.name,
  total: row.total,
  processed: row.processed,
  created: row.code_ids.length,
  failed: row.failed,
  warnings: row.warnings,
  codeIds: row.code_ids,
  state: row.state,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = 'id, name, total, processed, code_ids, failed, warnings, state, reason, created_at';

/** The owners' batches (the `batches` read model), always for the signed-in owner and tenant. */
@Injectable()
export class BatchesQuery {
  constructor(private readonly dataSource: DataSource) {}

  async list(user: AuthUser): Promise<BatchAnswer[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM batches WHERE client_id = $1 AND owner_id = $2 ORDER BY created_at DESC, id LIMIT 100`,
      [user.tenantId, user.id],
    )) as BatchRow[];
    return rows.map(answerOf);
  }

  /** The caller's batch, or 404 (someone else's looks like none). */
  async get(user: AuthUser, batchId: string): Promise<BatchAnswer> {
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM batches WHERE id = $1 AND client_id = $2 AND owner_id = $3`, [
      batchId,
      user.tenantId,
      user.id,
    ])) as BatchRow[];
    if (!row) throw DomainError.notFound(BATCH_NOT_FOUND);
    return answerOf(row);
  }
}
