import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { WebhookSender } from './webhook-sender';

export const WEBHOOK_QUEUE = 'webhooks';

export interface WebhookJobData {
  key: string;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms).unref()),
  ]);

/** A row that heads its chain: no earlier row of the same webhook and code is still to be settled. */
const HEAD = `NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.qr_id = d.qr_id
  AND e.seq < d.seq AND e.status IN ('pending', 'sending'))`;

/**
 * The Bull queue `webhooks`: one job per ledger row (job id = the row's key), WEBHOOK_ATTEMPTS tries with exponential
 * backoff from WEBHOOK_BACKOFF_MS (15 from 5 s: about a day). Only the row heading its chain (webhook × code) is queued,
 * so each code's deliveries leave in the store's order; settling a row queues the next. Every WEBHOOK_SWEEP_MS the
 * heads whose job Redis lost (or that a crash left unqueued) are queued again. Completed jobs are removed (the ledger
 * remembers them); a killed worker's job comes back when its lock (WEBHOOK_JOB_LOCK_MS) expires.
 */
@Injectable()
export class WebhookQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookQueue');
  private sweeper: NodeJS.Timeout | null = null;
  private processing = false;
  private closing: Promise<void> | null = null;

  constructor(
    @InjectQueue(WEBHOOK_QUEUE) readonly queue: Queue<WebhookJobData>,
    private readonly sender: WebhookSender,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    Object.assign(queue, { onApplicationShutdown: () => this.close() });
  }

  onApplicationBootstrap(): void {
    this.queue.on('error', (error) => this.logger.warn(`Webhook queue: ${error.message}`));
    if (this.env.ROLE === 'api' || this.env.QRS_NO_MAIL) return;
    this.processing = true;
    void this.queue
      .process('deliver', this.env.WEBHOOK_CONCURRENCY, async (job: Job<WebhookJobData>) => {
        const attempt = job.attemptsMade + 1;
        const outcome = await this.sender.send(job.data.key, { attempt, last: attempt >= (job.opts.attempts ?? 1) });
        if (outcome.settled) await this.enqueueNext(job.data.key);
        if (outcome.retry) throw new Error(outcome.retry);
        return outcome.status;
      })
      .catch((error: Error) => this.logger.error(`Webhook processing stopped: ${error.message}`));
    this.sweeper = setInterval(
      () => void this.sweep().catch((error: Error) => this.logger.warn(`Webhook sweep failed: ${error.message}`)),
      this.env.WEBHOOK_SWEEP_MS,
    );
    this.sweeper.unref();
  }

  /** Queues these rows where they head their chain and are still to be sent. */
  async enqueueHeads(keys: string[]): Promise<void> {
    if (!keys.length) return;
    const rows = (await this.dataSource.query(
      `SELECT key, next_attempt_at FROM webhook_deliveries d WHERE key = ANY($1::text[]) AND status IN ('pending', 'sending') AND ${HEAD}
       ORDER BY seq`,
      [keys],
    )) as { key: string; next_attempt_at: Date | null }[];
    await this.enqueue(rows);
  }

  /** After a row settled: the next row of its chain, if it now heads it. */
  private async enqueueNext(key: string): Promise<void> {
    const rows = (await this.dataSource.query(
      `SELECT d.key, d.next_attempt_at FROM webhook_deliveries s JOIN webhook_deliveries d
         ON d.webhook_id = s.webhook_id AND d.qr_id = s.qr_id AND d.seq > s.seq AND d.status IN ('pending', 'sending')
       WHERE s.key = $1 AND ${HEAD} ORDER BY d.seq LIMIT 1`,
      [key],
    )) as { key: string; next_attempt_at: Date | null }[];
    await this.enqueue(rows);
  }

  private async enqueue(rows: { key: string; next_attempt_at: Date | null }[]): Promise<void> {
    if (!rows.length) return;
    const now = Date.now();
    for (let start = 0; start < rows.length; start += 1000) {
      await withTimeout(
        this.queue.addBulk(
          rows.slice(start, start + 1000).map((row) => ({
            name: 'deliver',
            data: { key: row.key },
            opts: {
              jobId: row.key,
              delay: Math.max(0, (row.next_attempt_at ? new Date(row.next_attempt_at).getTime() : now) - now),
              attempts: this.env.WEBHOOK_ATTEMPTS,
              backoff: { type: 'exponential', delay: this.env.WEBHOOK_BACKOFF_MS },
              removeOnComplete: true,
              removeOnFail: true,
            },
          })),
        ),
        5000,
        'Queueing webhook deliveries',
      );
    }
  }

  /**
   * Heads of chains untouched for a sweep period (their job lost with Redis, or never queued after a crash): queued
   * again, due when the ledger says. Queueing a job id Redis still holds is a no-op. Up to 50,000 a pass.
   */
  async sweep(): Promise<number> {
    let swept = 0;
    let after = '';
    for (let round = 0; round < 50; round++) {
      const rows = (await this.dataSource.query(
        `SELECT key, next_attempt_at FROM webhook_deliveries d
         WHERE status IN ('pending', 'sending') AND updated_at < now() - make_interval(secs => $1::double precision / 1000)
           AND key > $2 AND ${HEAD}
         ORDER BY key LIMIT 1000`,
        [this.env.WEBHOOK_SWEEP_MS, after],
      )) as { key: string; next_attempt_at: Date | null }[];
      await this.enqueue(rows);
      swept += rows.length;
      if (rows.length < 1000) break;
      after = rows[rows.length - 1].key;
    }
    return swept;
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /** Stops taking jobs and waits for the ones in hand (bounded like mail's queue). */
  private close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sweeper) clearInterval(this.sweeper);
      const closed = this.queue.close().catch((error: Error) => this.logger.warn(`Closing the webhook queue: ${error.message}`));
      await withTimeout(closed, this.processing ? this.env.WEBHOOK_TIMEOUT_MS + 5_000 : 3_000, 'Closing the webhook queue').catch(
        (error: Error) => {
          this.logger.warn(error.message);
          for (const client of this.queue.clients) client.disconnect();
        },
      );
    })();
    return this.closing;
  }
}
