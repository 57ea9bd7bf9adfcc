import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { AdvisoryLocks } from './advisory-locks';
import { ProjectionsService } from './projections.service';
import { rebuildProjection } from './rebuild';

/** The advisory lock every worker takes before it runs a rebuild: one rebuild at a time across every process. */
export const REBUILD_LOCK = 'projection-rebuilds';

const POLL_MS = 1000;
/** Progress is written at most this often (each write is one UPDATE of the request's row). */
const PROGRESS_EVERY_MS = 200;

class Stopping extends Error {
  constructor() {
    super('The worker stopped before the rebuild finished; request it again.');
  }
}

/**
 * Carries out the rebuilds the staff console records in `projection_rebuilds` (worker and `all` roles, never inside an
 * HTTP request): polls for the oldest request, takes the advisory lock REBUILD_LOCK (so one rebuild runs at a time in
 * the whole deployment), claims the row, replays the projection into its shadow schema and swaps it in
 * (projections/rebuild.ts), writing processed/total to the row as it goes, then the swap's time and the outcome.
 * A row left 'running' by a worker that died is marked failed by the next worker that takes the lock.
 */
@Injectable()
export class RebuildWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Rebuilds');
  private locks: AdvisoryLocks | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.locks?.close();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const worked = await this.once();
        failures = 0;
        if (!worked) await this.sleep(POLL_MS);
      } catch (error) {
        if (this.stopped) break;
        failures += 1;
        if (failures === 1 || failures % 30 === 0)
          this.logger.warn({ msg: 'rebuild worker failed; retrying', error: (error as Error).message });
        await this.sleep(Math.min(POLL_MS * 2 ** failures, 30_000));
      }
    }
  }

  /** One round: true when it ran (or closed) a request, so the next round starts at once. */
  async once(): Promise<boolean> {
    const [waiting] = (await this.dataSource.query(
      `SELECT 1 FROM projection_rebuilds WHERE state = 'requested' OR state = 'running' LIMIT 1`,
    )) as unknown[];
    if (!waiting) return false;
    this.locks ??= new AdvisoryLocks(this.databaseUrl, 'qrsharks-rebuilds');
    if (!(await this.locks.tryLock(REBUILD_LOCK, () => undefined))) return false;
    try {
      // Holding the lock: no rebuild runs anywhere else, so a 'running' row is a dead worker's.
      await this.dataSource.query(
        `UPDATE projection_rebuilds SET state = 'failed', finished_at = now(),
           error = 'The worker running it stopped before it finished; request it again.'
         WHERE state = 'running'`,
      );
      const [claimed] = (await this.dataSource.query(
        `UPDATE projection_rebuilds SET state = 'running', started_at = now(), processed = 0
         WHERE id = (SELECT id FROM projection_rebuilds WHERE state = 'requested' ORDER BY requested_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, projection`,
      )) as [{ id: string; projection: string }[], number];
      const row = claimed?.[0];
      if (!row) return false;
      await this.carryOut(row.id, row.projection);
      return true;
    } finally {
      await this.locks.unlock(REBUILD_LOCK);
    }
  }

  private async carryOut(id: string, name: string): Promise<void> {
    const projection = this.projections.get(name);
    if (!projection) {
      await this.finish(id, `No projection named ${name} runs in this version.`);
      return;
    }
    this.logger.log({ msg: 'rebuild started', projection: name, id });
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const result = await rebuildProjection(projection, this.store, this.dataSource, ({ read, total }) => {
        if (this.stopped) throw new Stopping();
        const now = Date.now();
        if (now - lastWrite < PROGRESS_EVERY_MS) return;
        lastWrite = now;
        writing = writing.then(() =>
          this.dataSource
            .query('UPDATE projection_rebuilds SET processed = $2, total = $3 WHERE id = $1', [id, read, total])
            .catch(() => undefined),
        );
      });
      await writing;
      await this.dataSource.query(
        `UPDATE projection_rebuilds
         SET state = 'done', processed = $2, total = GREATEST(COALESCE(total, 0), $2), swapped_at = $3, swap_ms = $4, finished_at = now()
         WHERE id = $1`,
        [id, result.events, result.swappedAt, result.swapMs],
      );
      this.logger.log({ msg: 'rebuild swapped in', projection: name, id, events: result.events, swapMs: result.swapMs });
    } catch (error) {
      await writing;
      this.logger.warn({ msg: 'rebuild failed', projection: name, id, error: (error as Error).message });
      await this.finish(id, (error as Error).message);
    }
  }

  private async finish(id: string, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE projection_rebuilds SET state = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [
      id,
      error.slice(0, 2000),
    ]);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }
}
