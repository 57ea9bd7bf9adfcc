import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { BatchRunner } from './batch-runner';

export const BATCH_QUEUE = 'batches';

export interface BatchJobData {
  batchId: string;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms).unref()),
  ]);

/**
 * The Bull queue `batches` (keys `qrs:{db}:bull:batches:*`): one job per batch (job id = the batch's id), processed in
 * the worker and `all` roles, BATCH_CONCURRENCY at once. The progress lives in the batch's events, so a job taken back
 * after a crash goes on from the last recorded row; every BATCH_SWEEP_MS the batches still queued or running whose row
 * has not moved for that long (a job Redis lost) are queued again (a job id Redis still holds is not queued twice).
 */
@Injectable()
export class BatchQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BatchQueue');
  private sweeper: NodeJS.Timeout | null = null;
  private closing: Promise<void> | null = null;

  constructor(
    @InjectQueue(BATCH_QUEUE) readonly queue: Queue<BatchJobData>,
    private readonly runner: BatchRunner,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    Object.assign(queue, { onApplicationShutdown: () => this.close() });
  }

  onApplicationBootstrap(): void {
    this.queue.on('error', (error) => this.logger.warn(`Batch queue: ${error.message}`));
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    void this.queue
      .process('run', this.env.BATCH_CONCURRENCY, (job: Job<BatchJobData>) => this.runner.run(job.data.batchId))
      .catch((error: Error) => this.logger.error(`Batch processing stopped: ${error.message}`));
    this.sweeper = setInterval(
      () => void this.sweep().catch((error: Error) => this.logger.warn(`Batch sweep failed: ${error.message}`)),
      this.env.BATCH_SWEEP_MS,
    );
    this.sweeper.unref();
  }

  enqueue(batchId: string): Promise<unknown> {
    return withTimeout(
      this.queue.add(
        'run',
        { batchId },
        { jobId: batchId, attempts: 5, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: true, removeOnFail: true },
      ),
      5000,
      'Queueing a batch',
    );
  }

  /** Batches still to finish whose progress has not moved for a sweep period: queued again. */
  async sweep(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM batches WHERE state IN ('queued', 'running')
         AND updated_at < now() - make_interval(secs => $1::double precision / 1000) ORDER BY updated_at LIMIT 1000`,
      [this.env.BATCH_SWEEP_MS],
    )) as { id: string }[];
    for (const row of rows) await this.enqueue(row.id);
    return rows.length;
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /** Stops taking jobs; a batch in hand is taken up again from its last recorded row by the next worker. */
  private close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sweeper) clearInterval(this.sweeper);
      const closed = this.queue.close().catch((error: Error) => this.logger.warn(`Closing the batch queue: ${error.message}`));
      await withTimeout(closed, 10_000, 'Closing the batch queue').catch((error: Error) => {
        this.logger.warn(error.message);
        for (const client of this.queue.clients) client.disconnect();
      });
    })();
    return this.closing;
  }
}
