import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { compareAllPositions, EventStore, RecordedEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS } from '../redis/redis.module';
import { readScanPipeline, scanKeys, type ScanKeys, type ScanPipelineFigures } from '../scans';
import type { DeadLettersQuery, RebuildsQuery } from './operations.schemas';

export const PROJECTION_NOT_FOUND = 'Projection not found';
export const REBUILD_NOT_FOUND = 'Rebuild not found';
export const DEAD_LETTER_NOT_FOUND = 'Dead letter not found';

export type ProjectionState = 'live' | 'catching up' | 'stalled' | 'rebuild requested' | 'rebuilding';

export interface ProjectionRow {
  id: string;
  name: string;
  tables: string[];
  checkpoint: { commit: string; prepare: string };
  checkpointAt: string | null;
  /** null when the event store cannot count it (EventStore.lag: EventStoreDB answers "not supported"). */
  lagEvents: number | null;
  /** True when the lag reached LAG_COUNT_CAP and was not counted further. */
  lagCapped: boolean;
  /** Age of the oldest event the projection has not read yet; 0 when it has read everything. */
  lagSeconds: number | null;
  /** Events read per second over the last minute of this server's samples; null until it has two. */
  eventsPerSecond: number | null;
  state: ProjectionState;
  deadLetters: number;
  lastRebuild: RebuildRow | null;
}

export interface RebuildRow {
  id: string;
  projection: string;
  requestedBy: string;
  requestedAt: string;
  state: 'requested' | 'running' | 'done' | 'failed';
  processed: number;
  total: number | null;
  /** 0 to 100; 100 once swapped in. */
  percent: number;
  startedAt: string | null;
  swappedAt: string | null;
  swapMs: number | null;
  finishedAt: string | null;
  error: string | null;
}

export interface DeadLetterRow {
  id: string;
  projection: string;
  eventId: string;
  eventType: string;
  position: { commit: string; prepare: string };
  error: string;
  failedAt: string;
  state: 'open' | 'retried' | 'skipped';
  resolvedAt: string | null;
  resolvedBy: string | null;
}

export interface DeadLetterDetail extends DeadLetterRow {
  /** The failing event as the store holds it (null when it can no longer be read). */
  event: { streamId: string; revision: string; type: string; data: unknown; metadata: unknown } | null;
}

const SAMPLE_WINDOW_MS = 60_000;

interface RebuildDb {
  id: string;
  projection: string;
  requested_by_email: string;
  requested_at: Date;
  state: RebuildRow['state'];
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
  resolution: 'retried' | 'skipped' | null;
  resolved_at: Date | null;
  resolved_by_email: string | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function rebuildRow(row: RebuildDb): RebuildRow {
  const processed = Number(row.processed);
  const total = row.total === null ? null : Number(row.total);
  const percent = row.state === 'done' ? 100 : total ? Math.min(99, Math.floor((processed / total) * 100)) : 0;
  return {
    id: row.id,
    projection: row.projection,
    requestedBy: row.requested_by_email,
    requestedAt: row.requested_at.toISOString(),
    state: row.state,
    processed,
    total,
    percent,
    startedAt: iso(row.started_at),
    swappedAt: iso(row.swapped_at),
    swapMs: row.swap_ms,
    finishedAt: iso(row.finished_at),
    error: row.error,
  };
}

function deadLetterRow(row: DeadLetterDb): DeadLetterRow {
  return {
    id: String(row.id),
    projection: row.projection,
    eventId: row.event_id,
    eventType: row.event_type,
    position: { commit: row.commit_position, prepare: row.prepare_position },
    error: row.error,
    failedAt: row.failed_at.toISOString(),
    state: row.resolution ?? 'open',
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by_email,
  };
}

const REBUILD_COLUMNS = `id, projection, requested_by_email, requested_at, state, processed::text, total::text, started_at, swapped_at,
  swap_ms, finished_at, error`;
const DEAD_LETTER_COLUMNS = `id::text, projection, event_id, event_type, commit_position::text, prepare_position::text, error, failed_at,
  resolution, resolved_at, resolved_by_email`;

/**
 * The staff console's operations (issue 19, admin only): projections with their checkpoint, lag and rate; rebuild
 * requests (recorded here, carried out by the worker role's RebuildWorker); dead letters with Retry and Skip; the scan
 * pipeline's figures. Deployment-wide, not per tenant: only the default brand's admins reach it.
 */
@Injectable()
export class OperationsService {
  /** Per projection: (time, events_read) samples of the last minute, for events per second. */
  private readonly samples = new Map<string, { at: number; read: number }[]>();
  private readonly keys: ScanKeys;
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionsService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.keys = scanKeys(env, databaseUrl);
  }

  // ---------------------------------------------------------------- projections

  async listProjections(): Promise<ProjectionRow[]> {
    const names = this.projections
      .list()
      .map((projection) => projection.name)
      .sort();
    const checkpoints = (await this.dataSource.query(
      `SELECT name, commit_position::text AS commit, prepare_position::text AS prepare, updated_at, events_read::text AS read
       FROM projection_checkpoints WHERE name = ANY($1)`,
      [names],
    )) as { name: string; commit: string; prepare: string; updated_at: Date; read: string }[];
    const dead = (await this.dataSource.query(
      'SELECT projection, count(*)::int AS n FROM projection_dead_letters WHERE resolution IS NULL GROUP BY projection',
    )) as { projection: string; n: number }[];
    const rebuilds = (await this.dataSource.query(
      `SELECT DISTINCT ON (projection) ${REBUILD_COLUMNS} FROM projection_rebuilds ORDER BY projection, requested_at DESC, id`,
    )) as RebuildDb[];
    const now = Date.now();
    const rows: ProjectionRow[] = [];
    for (const name of names) {
      const checkpoint = checkpoints.find((row) => row.name === name);
      const commit = checkpoint?.commit ?? '-1';
      const prepare = checkpoint?.prepare ?? '-1';
      const lag = (await this.store.lag({ commit: BigInt(commit), prepare: BigInt(prepare) })) ?? {
        events: null,
        seconds: null,
        capped: false,
      };
      const lastRebuild = rebuilds.find((row) => row.projection === name);
      const rebuild = lastRebuild ? rebuildRow(lastRebuild) : null;
      const eventsPerSecond = this.rate(name, now, Number(checkpoint?.read ?? 0));
      const behind = lag.events === null ? false : lag.events > 0;
      const stalled = behind && (!checkpoint || now - checkpoint.updated_at.getTime() > 60_000) && !eventsPerSecond;
      rows.push({
        id: name,
        name,
        tables: [...(this.projections.get(name)?.tables ?? [])],
        checkpoint: { commit, prepare },
        checkpointAt: iso(checkpoint?.updated_at ?? null),
        lagEvents: lag.events,
        lagCapped: lag.capped,
        lagSeconds: lag.seconds,
        eventsPerSecond,
        state:
          rebuild?.state === 'running'
            ? 'rebuilding'
            : rebuild?.state === 'requested'
              ? 'rebuild requested'
              : !behind
                ? 'live'
                : stalled
                  ? 'stalled'
                  : 'catching up',
        deadLetters: dead.find((row) => row.projection === name)?.n ?? 0,
        lastRebuild: rebuild,
      });
    }
    return rows;
  }

  async projection(name: string): Promise<ProjectionRow> {
    const row = (await this.listProjections()).find((projection) => projection.name === name);
    if (!row) throw DomainError.notFound(PROJECTION_NOT_FOUND);
    return row;
  }

  /** Events per second from this process's samples of the checkpoint's running count over the last minute. */
  private rate(name: string, now: number, read: number): number | null {
    const samples = (this.samples.get(name) ?? []).filter((sample) => now - sample.at <= SAMPLE_WINDOW_MS && sample.read <= read);
    samples.push({ at: now, read });
    this.samples.set(name, samples);
    const first = samples[0];
    if (now - first.at < 1000) return null;
    return Math.round(((read - first.read) / ((now - first.at) / 1000)) * 10) / 10;
  }

  // ---------------------------------------------------------------- rebuilds

  /** Records the request; a worker carries it out (never this HTTP request). 409 while one is requested or running. */
  async requestRebuild(admin: AuthUser, name: string): Promise<RebuildRow> {
    if (!this.projections.get(name)) throw DomainError.notFound(PROJECTION_NOT_FOUND);
    try {
      const [row] = (await this.dataSource.query(
        `INSERT INTO projection_rebuilds (id, projection, requested_by, requested_by_email) VALUES ($1, $2, $3, $4)
         RETURNING ${REBUILD_COLUMNS}`,
        [randomUUID(), name, admin.id, admin.email],
      )) as RebuildDb[];
      return rebuildRow(row);
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
        throw new DomainError('conflict', `A rebuild of ${name} is already requested or running.`);
      throw error;
    }
  }

  async rebuilds(query: RebuildsQuery): Promise<{ rows: RebuildRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.filter.projection) where.push(`projection = $${params.push(query.filter.projection)}`);
    if (query.filter.state) where.push(`state = $${params.push(query.filter.state)}`);
    if (query.filter.id?.length) where.push(`id = ANY($${params.push(query.filter.id)}::uuid[])`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
    const rows = (await this.dataSource.query(
      `SELECT ${REBUILD_COLUMNS} FROM projection_rebuilds ${clause} ORDER BY requested_at ${order}, id ${order}
       LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
      params,
    )) as RebuildDb[];
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM projection_rebuilds ${clause}`, params)) as {
      n: number;
    }[];
    return { rows: rows.map(rebuildRow), total: n };
  }

  async rebuild(id: string): Promise<RebuildRow> {
    const [row] = (await this.dataSource.query(`SELECT ${REBUILD_COLUMNS} FROM projection_rebuilds WHERE id = $1`, [id])) as RebuildDb[];
    if (!row) throw DomainError.notFound(REBUILD_NOT_FOUND);
    return rebuildRow(row);
  }

  // ---------------------------------------------------------------- dead letters

  async deadLetters(query: DeadLettersQuery): Promise<{ rows: DeadLetterRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const state = query.filter.state ?? 'open';
    if (state === 'open') where.push('resolution IS NULL');
    else if (state !== 'all') where.push(`resolution = $${params.push(state)}`);
    if (query.filter.projection) where.push(`projection = $${params.push(query.filter.projection)}`);
    if (query.filter.id?.length) where.push(`id = ANY($${params.push(query.filter.id.map(Number))}::bigint[])`);
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
    const rows = (await this.dataSource.query(
      `SELECT ${DEAD_LETTER_COLUMNS} FROM projection_dead_letters ${clause} ORDER BY failed_at ${order}, id ${order}
       LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
      params,
    )) as DeadLetterDb[];
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM projection_dead_letters ${clause}`, params)) as {
      n: number;
    }[];
    return { rows: rows.map(deadLetterRow), total: n };
  }

  async deadLetter(id: number): Promise<DeadLetterDetail> {
    const row = await this.deadLetterDb(id);
    const event = await this.failingEvent(row);
    return {
      ...deadLetterRow(row),
      event: event
        ? { streamId: event.streamId, revision: event.revision.toString(), type: event.type, data: event.data, metadata: event.metadata }
        : null,
    };
  }

  /**
   * Applies the failing event again (the cause fixed meanwhile, e.g. by a deploy), in one transaction with marking the
   * letter retried. Still failing: the letter stays open with the new error and the answer is 409 with that error.
   */
  async retry(admin: AuthUser, id: number): Promise<DeadLetterDetail> {
    const row = await this.deadLetterDb(id);
    if (row.resolution) throw new DomainError('conflict', `This dead letter was already ${row.resolution}.`);
    const projection = this.projections.get(row.projection);
    if (!projection) throw new DomainError('conflict', `No projection named ${row.projection} runs in this version.`);
    const event = await this.failingEvent(row);
    if (!event) throw new DomainError('conflict', 'The failing event can no longer be read from the event store.');
    try {
      await this.dataSource.transaction(async (tx) => {
        if (projection.eventTypes.includes(event.type)) await projection.apply([event], tx);
        await tx.query(
          `UPDATE projection_dead_letters SET resolution = 'retried', resolved_at = now(), resolved_by_email = $2
           WHERE id = $1 AND resolution IS NULL`,
          [id, admin.email],
        );
      });
    } catch (error) {
      const message = (error as Error).message;
      await this.dataSource.query('UPDATE projection_dead_letters SET error = $2, failed_at = now() WHERE id = $1', [
        id,
        (error as Error).stack ?? message,
      ]);
      throw new DomainError('conflict', `The event still fails: ${message.slice(0, 300)}`);
    }
    return this.deadLetter(id);
  }

  /** Leaves the event out of the projection for good (it stays in the event store); recorded with who and when. */
  async skip(admin: AuthUser, id: number): Promise<DeadLetterDetail> {
    const row = await this.deadLetterDb(id);
    if (row.resolution) throw new DomainError('conflict', `This dead letter was already ${row.resolution}.`);
    await this.dataSource.query(
      `UPDATE projection_dead_letters SET resolution = 'skipped', resolved_at = now(), resolved_by_email = $2
       WHERE id = $1 AND resolution IS NULL`,
      [id, admin.email],
    );
    return this.deadLetter(id);
  }

  private async deadLetterDb(id: number): Promise<DeadLetterDb> {
    const [row] = (await this.dataSource.query(`SELECT ${DEAD_LETTER_COLUMNS} FROM projection_dead_letters WHERE id = $1`, [
      id,
    ])) as DeadLetterDb[];
    if (!row) throw DomainError.notFound(DEAD_LETTER_NOT_FOUND);
    return row;
  }

  /** The event at the letter's position: read from just before it, through the store (so upcasters apply). */
  private async failingEvent(row: DeadLetterDb): Promise<RecordedEvent | null> {
    const position = { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
    const [event] = await this.store.readAll({ after: { commit: position.commit, prepare: position.prepare - 1n }, maxCount: 1 });
    return event && event.id === row.event_id && compareAllPositions(event.position, position) === 0 ? event : null;
  }

  // ---------------------------------------------------------------- scan pipeline

  scanPipeline(): Promise<ScanPipelineFigures> {
    return readScanPipeline(this.redis, this.keys);
  }
}
