import { EventEmitter } from 'node:events';
import type { DataSource, EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { AllPosition, compareAllPositions, EventStore, RecordedEvent, START } from '../event-store/event-store';
import { AdvisoryLocks } from './advisory-locks';
import type { Projection } from './projection';

export class CheckpointMovedError extends Error {
  constructor(name: string) {
    super(`Checkpoint of projection ${name} moved under this runner (rebuild swap or a second runner)`);
  }
}

export interface RunnerOptions {
  /** Checkpoint row name; the live runner uses the projection name, a rebuild its own. */
  checkpointName?: string;
  /** Postgres schema the writes go to (rebuild), through SET LOCAL search_path. */
  schema?: string;
  batchSize?: number;
  /** Rebuild replay: apply with the projection's applyBulk when it has one. */
  bulk?: boolean;
  /** Take the projection's advisory lock so only one runner is active across processes. */
  exclusive?: boolean;
  /** The process's advisory locks (exclusive mode): one connection shared by every runner of the process. */
  locks?: AdvisoryLocks;
  /** Without `locks`: a connection string for a lock connection of this runner's own. */
  lockConnectionString?: string;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  maxRetries?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const lockKey = (name: string) => `projection:${name}`;

export async function readCheckpoint(tx: Pick<EntityManager, 'query'>, name: string): Promise<AllPosition> {
  await tx.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const [row] = (await tx.query(
    'SELECT commit_position::text AS c, prepare_position::text AS p FROM projection_checkpoints WHERE name = $1',
    [name],
  )) as { c: string; p: string }[];
  return { commit: BigInt(row.c), prepare: BigInt(row.p) };
}

/**
 * Runs one projection: catch-up from its checkpoint, then live. Each batch of events is applied and the
 * checkpoint moved by compare-and-set in ONE transaction; a failing batch is retried with backoff, then
 * applied event by event so a poison event lands in projection_dead_letters instead of stopping the read model.
 */
export class ProjectionRunner {
  private readonly emitter = new EventEmitter();
  private checkpoint: AllPosition = START;
  private stopped = false;
  private active = false;
  private loop: Promise<void> | null = null;
  private stopCurrent: (() => Promise<void>) | null = null;
  private holdsLock = false;
  private ownLocks: AdvisoryLocks | null = null;
  private readonly handled: Set<string>;

  constructor(
    readonly projection: Projection,
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly options: RunnerOptions = {},
  ) {
    this.handled = new Set(projection.eventTypes);
    this.emitter.setMaxListeners(0);
  }

  get checkpointName(): string {
    return this.options.checkpointName ?? this.projection.name;
  }

  get position(): AllPosition {
    return this.checkpoint;
  }

  get isActive(): boolean {
    return this.active;
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.emitter.emit('stop');
    await this.stopCurrent?.();
    await this.loop?.catch(() => undefined);
    this.loop = null;
    await this.releaseLock();
  }

  /** Resolves once the checkpoint is at or past `position`; false on timeout. */
  waitFor(position: AllPosition, timeoutMs = 5000): Promise<boolean> {
    if (compareAllPositions(this.checkpoint, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (result: boolean) => {
        clearTimeout(timer);
        this.emitter.off('checkpoint', onCheckpoint);
        resolve(result);
      };
      const onCheckpoint = (checkpoint: AllPosition) => {
        if (compareAllPositions(checkpoint, position) >= 0) done(true);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.emitter.on('checkpoint', onCheckpoint);
    });
  }

  /** Catch up to the head of $all once (rebuilds and tests), without subscribing. Returns events read. */
  async catchUp(onProgress?: (read: number) => void): Promise<number> {
    this.checkpoint = await readCheckpoint(this.dataSource.manager, this.checkpointName);
    let read = 0;
    for (;;) {
      const events = await this.store.readAll({ after: this.checkpoint, maxCount: this.options.batchSize ?? 1000 });
      if (events.length === 0) return read;
      await this.handleBatch(events);
      read += events.length;
      onProgress?.(read);
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (this.options.exclusive && !(await this.acquireLock())) {
          await this.sleepUnlessStopped(2000);
          continue;
        }
        this.active = true;
        this.checkpoint = await readCheckpoint(this.dataSource.manager, this.checkpointName);
        // Reached the database: the next outage backs off from the start again, not from where the last one left off.
        failures = 0;
        this.emitter.emit('checkpoint', this.checkpoint);
        const subscription = this.store.subscribeAll({ after: this.checkpoint, batchSize: this.options.batchSize ?? 500 }, (events) =>
          this.handleBatch(events),
        );
        this.stopCurrent = () => subscription.stop();
        // The lock connection may have dropped while this runner was starting (no subscription to stop yet then):
        // a runner without its lock must not stay subscribed, or two processes would project at once.
        if (this.options.exclusive && !this.holdsLock) await subscription.stop();
        // stop() may have run while this runner was taking its lock or reading its checkpoint (a process that shuts
        // down right after it started): it found no subscription to stop then, so this one must not outlive it.
        if (this.stopped) await subscription.stop();
        await subscription.done;
        failures = 0;
      } catch (error) {
        this.active = false;
        if (this.stopped) break;
        failures += 1;
        if (error instanceof CheckpointMovedError) this.log('checkpoint moved; reloading', {});
        else {
          this.log('projection runner failed; restarting', { error: (error as Error).message, failures });
          await this.releaseLock();
        }
        await this.sleepUnlessStopped(Math.min(100 * 2 ** failures, 10_000));
      } finally {
        this.stopCurrent = null;
      }
    }
    this.active = false;
  }

  private async handleBatch(delivered: RecordedEvent[]): Promise<void> {
    // Never apply an event at or before the checkpoint again, whatever a subscription redelivers.
    const events = delivered.filter((event) => compareAllPositions(event.position, this.checkpoint) > 0);
    if (events.length === 0) return;
    const relevant = events.filter((event) => this.handled.has(event.type));
    const last = events[events.length - 1].position;
    const maxRetries = this.options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.commit(relevant, last, events.length);
        return;
      } catch (error) {
        // The database is down (restart, refused): no event is at fault; the runner backs off and resumes from its checkpoint.
        if (error instanceof CheckpointMovedError || this.stopped || isDatabaseUnavailable(error)) throw error;
        if (attempt < maxRetries) {
          this.log('projection batch failed; retrying', { error: (error as Error).message, attempt });
          await sleep(50 * 2 ** attempt);
          continue;
        }
        break;
      }
    }
    // Still failing: isolate the poison event(s), dead-letter them, and move on.
    for (const event of events) {
      const one = this.handled.has(event.type) ? [event] : [];
      try {
        await this.commit(one, event.position, 1);
      } catch (error) {
        if (error instanceof CheckpointMovedError || isDatabaseUnavailable(error)) throw error;
        this.log('projection event dead-lettered', { eventId: event.id, type: event.type, error: (error as Error).message });
        await this.commit([], event.position, 1, { event, error: error as Error });
      }
    }
  }

  /** `read`: how many events of $all this step covers (the console's events per second counts them). */
  private async commit(
    events: RecordedEvent[],
    to: AllPosition,
    read: number,
    deadLetter?: { event: RecordedEvent; error: Error },
  ): Promise<void> {
    const from = this.checkpoint;
    await this.dataSource.transaction(async (tx) => {
      if (this.options.schema) await tx.query(`SET LOCAL search_path TO "${this.options.schema}", public`);
      if (events.length) {
        if (this.options.bulk && this.projection.applyBulk) await this.projection.applyBulk(events, tx);
        else await this.projection.apply(events, tx);
      }
      if (deadLetter) {
        await tx.query(
          `INSERT INTO public.projection_dead_letters (projection, event_id, event_type, commit_position, prepare_position, error)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (projection, event_id) DO UPDATE
           SET error = EXCLUDED.error, failed_at = now(), resolution = NULL, resolved_at = NULL, resolved_by_email = NULL`,
          [
            this.projection.name,
            deadLetter.event.id,
            deadLetter.event.type,
            deadLetter.event.position.commit.toString(),
            deadLetter.event.position.prepare.toString(),
            deadLetter.error.stack ?? deadLetter.error.message,
          ],
        );
      }
      const [, moved] = (await tx.query(
        `UPDATE public.projection_checkpoints
         SET commit_position = $2, prepare_position = $3, updated_at = now(), events_read = events_read + $6
         WHERE name = $1 AND commit_position = $4 AND prepare_position = $5`,
        [this.checkpointName, to.commit.toString(), to.prepare.toString(), from.commit.toString(), from.prepare.toString(), read],
      )) as [unknown, number];
      if (moved !== 1) throw new CheckpointMovedError(this.checkpointName);
    });
    this.checkpoint = to;
    if (events.length && this.projection.afterCommit && !this.options.schema) {
      await this.projection.afterCommit(events).catch((error: Error) => this.log('afterCommit failed', { error: error.message }));
    }
    this.emitter.emit('checkpoint', to);
  }

  private get locks(): AdvisoryLocks {
    if (this.options.locks) return this.options.locks;
    this.ownLocks ??= new AdvisoryLocks(this.options.lockConnectionString ?? '', `projection-lock:${this.projection.name}`);
    return this.ownLocks;
  }

  private async acquireLock(): Promise<boolean> {
    if (this.holdsLock) return true;
    // Lost the lock connection: the lock is gone with it; the CAS on the checkpoint keeps writes safe meanwhile.
    this.holdsLock = await this.locks.tryLock(lockKey(this.projection.name), () => {
      this.holdsLock = false;
      this.active = false;
      this.stopCurrent?.().catch(() => undefined);
    });
    return this.holdsLock;
  }

  private async releaseLock(): Promise<void> {
    if (!this.holdsLock && !this.ownLocks) return;
    this.holdsLock = false;
    await this.locks.unlock(lockKey(this.projection.name));
    if (this.ownLocks) {
      await this.ownLocks.close();
      this.ownLocks = null;
    }
  }

  private sleepUnlessStopped(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.emitter.off('stop', finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.emitter.once('stop', finish);
    });
  }

  private log(message: string, extra: Record<string, unknown> = {}) {
    this.options.log?.(message, { projection: this.projection.name, ...extra });
  }
}
