import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { compareAllPositions, EventStore, RecordedEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionRecords, type DeadLetterRecord, type RebuildRecord, type RebuildState } from '../projections/projection-records';
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
  state: RebuildState;
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

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function rebuildRow(record: RebuildRecord): RebuildRow {
  const { processed, total } = record;
  const percent = record.state === 'done' ? 100 : total ? Math.min(99, Math.floor((processed / total) * 100)) : 0;
  return {
    id: record.id,
    projection: record.projection,
    requestedBy: record.requestedByEmail,
    requestedAt: record.requestedAt.toISOString(),
    state: record.state,
    processed,
    total,
    percent,
    startedAt: iso(record.startedAt),
    swappedAt: iso(record.swappedAt),
    swapMs: record.swapMs,
    finishedAt: iso(record.finishedAt),
    error: record.error,
  };
}

function deadLetterRow(record: DeadLetterRecord): DeadLetterRow {
  return {
    id: record.id,
    projection: record.projection,
    eventId: record.eventId,
    eventType: record.eventType,
    position: { commit: record.commit, prepare: record.prepare },
    error: record.error,
    failedAt: record.failedAt.toISOString(),
    state: record.resolution ?? 'open',
    resolvedAt: iso(record.resolvedAt),
    resolvedBy: record.resolvedByEmail,
  };
}

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
    private readonly records: ProjectionRecords,
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
    const checkpoints = await this.records.checkpoints(names);
    const dead = await this.records.openDeadLetters();
    const rebuilds = await this.records.latestRebuilds();
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
      const eventsPerSecond = this.rate(name, now, checkpoint?.eventsRead ?? 0);
      const behind = lag.events === null ? false : lag.events > 0;
      const stalled = behind && (!checkpoint || now - checkpoint.updatedAt.getTime() > 60_000) && !eventsPerSecond;
      rows.push({
        id: name,
        name,
        tables: [...(this.projections.get(name)?.tables ?? [])],
        checkpoint: { commit, prepare },
        checkpointAt: iso(checkpoint?.updatedAt ?? null),
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
        deadLetters: dead.get(name) ?? 0,
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
    const record = await this.records.requestRebuild({
      id: randomUUID(),
      projection: name,
      requestedBy: admin.id,
      requestedByEmail: admin.email,
    });
    if (!record) throw new DomainError('conflict', `A rebuild of ${name} is already requested or running.`);
    return rebuildRow(record);
  }

  async rebuilds(query: RebuildsQuery): Promise<{ rows: RebuildRow[]; total: number }> {
    const { rows, total } = await this.records.rebuilds(
      { projection: query.filter.projection, state: query.filter.state, ids: query.filter.id },
      { order: query.sort.order === 'ASC' ? 'ASC' : 'DESC', limit: query.range.limit, offset: query.range.offset },
    );
    return { rows: rows.map(rebuildRow), total };
  }

  async rebuild(id: string): Promise<RebuildRow> {
    const record = await this.records.rebuild(id);
    if (!record) throw DomainError.notFound(REBUILD_NOT_FOUND);
    return rebuildRow(record);
  }

  // ---------------------------------------------------------------- dead letters

  async deadLetters(query: DeadLettersQuery): Promise<{ rows: DeadLetterRow[]; total: number }> {
    const { rows, total } = await this.records.deadLetters(
      { state: query.filter.state ?? 'open', projection: query.filter.projection, ids: query.filter.id?.map(Number) },
      { order: query.sort.order === 'ASC' ? 'ASC' : 'DESC', limit: query.range.limit, offset: query.range.offset },
    );
    return { rows: rows.map(deadLetterRow), total };
  }

  async deadLetter(id: number): Promise<DeadLetterDetail> {
    const row = await this.deadLetterRecord(id);
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
    const row = await this.deadLetterRecord(id);
    if (row.resolution) throw new DomainError('conflict', `This dead letter was already ${row.resolution}.`);
    const projection = this.projections.get(row.projection);
    if (!projection) throw new DomainError('conflict', `No projection named ${row.projection} runs in this version.`);
    const event = await this.failingEvent(row);
    if (!event) throw new DomainError('conflict', 'The failing event can no longer be read from the event store.');
    try {
      await this.records.retryDeadLetter(id, admin.email, async (tx) => {
        if (projection.eventTypes.includes(event.type)) await projection.apply([event], tx);
      });
    } catch (error) {
      throw new DomainError('conflict', `The event still fails: ${(error as Error).message.slice(0, 300)}`);
    }
    return this.deadLetter(id);
  }

  /** Leaves the event out of the projection for good (it stays in the event store); recorded with who and when. */
  async skip(admin: AuthUser, id: number): Promise<DeadLetterDetail> {
    const row = await this.deadLetterRecord(id);
    if (row.resolution) throw new DomainError('conflict', `This dead letter was already ${row.resolution}.`);
    await this.records.skipDeadLetter(id, admin.email);
    return this.deadLetter(id);
  }

  private async deadLetterRecord(id: number): Promise<DeadLetterRecord> {
    const record = await this.records.deadLetter(id);
    if (!record) throw DomainError.notFound(DEAD_LETTER_NOT_FOUND);
    return record;
  }

  /** The event at the letter's position: read from just before it, through the store (so upcasters apply). */
  private async failingEvent(row: DeadLetterRecord): Promise<RecordedEvent | null> {
    const position = { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
    const [event] = await this.store.readAll({ after: { commit: position.commit, prepare: position.prepare - 1n }, maxCount: 1 });
    return event && event.id === row.eventId && compareAllPositions(event.position, position) === 0 ? event : null;
  }

  // ---------------------------------------------------------------- scan pipeline

  scanPipeline(): Promise<ScanPipelineFigures> {
    return readScanPipeline(this.redis, this.keys);
  }
}
