import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionRecords } from '../projections/projection-records';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS } from '../redis/redis.module';
import { readScanPipeline, scanKeys, type ScanKeys, type ScanPipelineFigures } from '../scans';
import { EventRates } from './event-rates';
import { iso, PROJECTION_NOT_FOUND, rebuildRow, type ProjectionAnswer } from './operations.answers';

/**
 * The operations status (issue 19): every projection with its checkpoint, lag (the event store's `lag`), rate, state,
 * open dead letters and last rebuild; and the scan pipeline's figures. Deployment-wide, not per tenant.
 */
@Injectable()
export class ProjectionStatusService {
  private readonly rates = new EventRates();
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

  async listProjections(): Promise<ProjectionAnswer[]> {
    const names = this.projections
      .list()
      .map((projection) => projection.name)
      .sort();
    const checkpoints = await this.records.checkpoints(names);
    const dead = await this.records.openDeadLetters();
    const rebuilds = await this.records.latestRebuilds();
    const now = Date.now();
    const rows: ProjectionAnswer[] = [];
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
      const eventsPerSecond = this.rates.rate(name, now, checkpoint?.eventsRead ?? 0);
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

  async projection(name: string): Promise<ProjectionAnswer> {
    const row = (await this.listProjections()).find((projection) => projection.name === name);
    if (!row) throw DomainError.notFound(PROJECTION_NOT_FOUND);
    return row;
  }

  scanPipeline(): Promise<ScanPipelineFigures> {
    return readScanPipeline(this.redis, this.keys);
  }
}
