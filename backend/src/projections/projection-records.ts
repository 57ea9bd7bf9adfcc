import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The projections' bookkeeping, asked by the staff console's operations and the projections CLI (issue 29 item 1):
 * checkpoints, dead letters and the console's rebuild requests. Only this folder names these tables
 * (scripts/check-feature-sql.mjs): @ownsTables projection_checkpoints, projection_dead_letters, projection_rebuilds
 */

export interface CheckpointRecord {
  name: string;
  /** The position as text (bigints): the console shows it as it is. */
  commit: string;
  prepare: string;
  updatedAt: Date;
  /** The runner's running count of events read (the console's events per second). */
  eventsRead: number;
}

export type RebuildState = 'requested' | 'running' | 'done' | 'failed';

export interface RebuildRecord {
  id: string;
  projection: string;
  requestedByEmail: string;
  requestedAt: Date;
  state: RebuildState;
  processed: number;
  total: number | null;
  startedAt: Date | null;
  swappedAt: Date | null;
  swapMs: number | null;
  finishedAt: Date | null;
  error: string | null;
}

export type DeadLetterResolution = 'retried' | 'skipped';

export interface DeadLetterRecord {
  id: string;
  projection: string;
  eventId: string;
  eventType: string;
  commit: string;
  prepare: string;
  error: string;
  failedAt: Date;
  resolution: DeadLetterResolution | null;
  resolvedAt: Date | null;
  resolvedByEmail: string | null;
}

/** A page of a list: newest or oldest first, `limit` rows from `offset`. */
export interface RecordPage {
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

interface RebuildDb {
  id: string;
  projection: string;
  requested_by_email: string;
  requested_at: Date;
  state: RebuildState;
  processed: string;
  total: string | null;
  started_at: Date | null;
  swapped_at: Date | null;
  swap_ms: number | null;
  finished_at: Date | null;
  error: string | null;
}

interface DeadLetterDb {
  id: string;
  projection: string;
  event_id: string;
  event_type: string;
  commit_position: string;
  prepare_position: string;
  error: string;
  failed_at: Date;
  resolution: DeadLetterResolution | null;
  resolved_at: Date | null;
  resolved_by_email: string | null;
}

const REBUILD_COLUMNS = `id, projection, requested_by_email, requested_at, state, processed::text, total::text, started_at, swapped_at,
  swap_ms, finished_at, error`;
const DEAD_LETTER_COLUMNS = `id::text, projection, event_id, event_type, commit_position::text, prepare_position::text, error, failed_at,
  resolution, resolved_at, resolved_by_email`;

const rebuildRecord = (row: RebuildDb): RebuildRecord => ({
  id: row.id,
  projection: row.projection,
  requestedByEmail: row.requested_by_email,
  requestedAt: row.requested_at,
  state: row.state,
  processed: Number(row.processed),
  total: row.total === null ? null : Number(row.total),
  startedAt: row.started_at,
  swappedAt: row.swapped_at,
  swapMs: row.swap_ms,
  finishedAt: row.finished_at,
  error: row.error,
});

const deadLetterRecord = (row: DeadLetterDb): DeadLetterRecord => ({
  id: String(row.id),
  projection: row.projection,
  eventId: row.event_id,
  eventType: row.event_type,
  commit: row.commit_position,
  prepare: row.prepare_position,
  error: row.error,
  failedAt: row.failed_at,
  resolution: row.resolution,
  resolvedAt: row.resolved_at,
  resolvedByEmail: row.resolved_by_email,
});

const orderOf = (page: RecordPage) => (page.order === 'ASC' ? 'ASC' : 'DESC');
const whereOf = (where: string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

@Injectable()
export class ProjectionRecords {
  constructor(private readonly dataSource: DataSource) {}

  // ---------------------------------------------------------------- checkpoints

  /** The checkpoints of these projections (a projection that never ran has none). */
  async checkpoints(names: readonly string[]): Promise<CheckpointRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT name, commit_position::text AS commit, prepare_position::text AS prepare, updated_at, events_read::text AS read
       FROM projection_checkpoints WHERE name = ANY($1)`,
      [names],
    )) as { name: string; commit: string; prepare: string; updated_at: Date; read: string }[];
    return rows.map((row) => ({
      name: row.name,
      commit: row.commit,
      prepare: row.prepare,
      updatedAt: row.updated_at,
      eventsRead: Number(row.read),
    }));
  }

  // ---------------------------------------------------------------- rebuild requests

  /** Each projection's latest request. */
  async latestRebuilds(): Promise<RebuildRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT ON (projection) ${REBUILD_COLUMNS} FROM projection_rebuilds ORDER BY projection, requested_at DESC, id`,
    )) as RebuildDb[];
    return rows.map(rebuildRecord);
  }

  /** Records a request (the worker carries it out); null when one for the projection is already requested or running. */
  async requestRebuild(request: {
    id: string;
    projection: string;
    requestedBy: string;
    requestedByEmail: string;
  }): Promise<RebuildRecord | null> {
    try {
      const [row] = (await this.dataSource.query(
        `INSERT INTO projection_rebuilds (id, projection, requested_by, requested_by_email) VALUES ($1, $2, $3, $4)
         RETURNING ${REBUILD_COLUMNS}`,
        [request.id, request.projection, request.requestedBy, request.requestedByEmail],
      )) as RebuildDb[];
      return rebuildRecord(row);
    } catch (error) {
      // The partial unique index: one open request per projection.
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') return null;
      throw error;
    }
  }

  async rebuilds(
    filter: { projection?: string; state?: RebuildState; ids?: string[] },
    page: RecordPage,
  ): Promise<{ rows: RebuildRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.projection) where.push(`projection = $${params.push(filter.projection)}`);
    if (filter.state) where.push(`state = $${params.push(filter.state)}`);
    if (filter.ids?.length) where.push(`id = ANY($${params.push(filter.ids)}::uuid[])`);
    const clause = whereOf(where);
    const order = orderOf(page);
    const rows = (await this.dataSource.query(
      `SELECT ${REBUILD_COLUMNS} FROM projection_rebuilds ${clause} ORDER BY requested_at ${order}, id ${order}
       LIMIT ${Number(page.limit)} OFFSET ${Number(page.offset)}`,
      params,
    )) as RebuildDb[];
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM projection_rebuilds ${clause}`, params)) as {
      n: number;
    }[];
    return { rows: rows.map(rebuildRecord), total: n };
  }

  async rebuild(id: string): Promise<RebuildRecord | null> {
    const [row] = (await this.dataSource.query(`SELECT ${REBUILD_COLUMNS} FROM projection_rebuilds WHERE id = $1`, [id])) as RebuildDb[];
    return row ? rebuildRecord(row) : null;
  }

  // ---------------------------------------------------------------- dead letters

  /** Open (unresolved) dead letters per projection. */
  async openDeadLetters(): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query(
      'SELECT projection, count(*)::int AS n FROM projection_dead_letters WHERE resolution IS NULL GROUP BY projection',
    )) as { projection: string; n: number }[];
    return new Map(rows.map((row) => [row.projection, row.n]));
  }

  /** Every dead letter ever written, resolved or not (the CLI's status line). */
  async deadLetterCount(): Promise<number> {
    const [row] = (await this.dataSource.query('SELECT count(*)::int AS n FROM projection_dead_letters')) as { n: number }[];
    return row.n;
  }

  async deadLetters(
    filter: { state: 'open' | DeadLetterResolution | 'all'; projection?: string; ids?: number[] },
    page: RecordPage,
  ): Promise<{ rows: DeadLetterRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.state === 'open') where.push('resolution IS NULL');
    else if (filter.state !== 'all') where.push(`resolution = $${params.push(filter.state)}`);
    if (filter.projection) where.push(`projection = $${params.push(filter.projection)}`);
    if (filter.ids?.length) where.push(`id = ANY($${params.push(filter.ids)}::bigint[])`);
    const clause = whereOf(where);
    const order = orderOf(page);
    const rows = (await this.dataSource.query(
      `SELECT ${DEAD_LETTER_COLUMNS} FROM projection_dead_letters ${clause} ORDER BY failed_at ${order}, id ${order}
       LIMIT ${Number(page.limit)} OFFSET ${Number(page.offset)}`,
      params,
    )) as DeadLetterDb[];
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM projection_dead_letters ${clause}`, params)) as {
      n: number;
    }[];
    return { rows: rows.map(deadLetterRecord), total: n };
  }

  async deadLetter(id: number): Promise<DeadLetterRecord | null> {
    const [row] = (await this.dataSource.query(`SELECT ${DEAD_LETTER_COLUMNS} FROM projection_dead_letters WHERE id = $1`, [
      id,
    ])) as DeadLetterDb[];
    return row ? deadLetterRecord(row) : null;
  }

  /**
   * Applies the failing event again (`apply`, in the transaction) and marks the letter retried, all or nothing. When
   * `apply` throws, the letter stays open with the new error and the error is thrown on.
   */
  async retryDeadLetter(id: number, byEmail: string, apply: (tx: EntityManager) => Promise<void>): Promise<void> {
    try {
      await this.dataSource.transaction(async (tx) => {
        await apply(tx);
        await tx.query(
          `UPDATE projection_dead_letters SET resolution = 'retried', resolved_at = now(), resolved_by_email = $2
           WHERE id = $1 AND resolution IS NULL`,
          [id, byEmail],
        );
      });
    } catch (error) {
      await this.dataSource.query('UPDATE projection_dead_letters SET error = $2, failed_at = now() WHERE id = $1', [
        id,
        (error as Error).stack ?? (error as Error).message,
      ]);
      throw error;
    }
  }

  /** Leaves the event out of the projection for good (it stays in the event store), with who and when. */
  async skipDeadLetter(id: number, byEmail: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE projection_dead_letters SET resolution = 'skipped', resolved_at = now(), resolved_by_email = $2
       WHERE id = $1 AND resolution IS NULL`,
      [id, byEmail],
    );
  }
}
