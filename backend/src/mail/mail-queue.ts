import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { MailSender } from './mail-sender';
import type { FailedMailJob } from './mail.answers';

export const MAIL_QUEUE = 'mail';
/** Jobs per addBulk call. */
const ENQUEUE_CHUNK = 1000;

export interface MailJobData {
  key: string;
  /** The mail's tenant: a white-label client's staff see only their tenant's failed jobs. */
  tenantId?: number;
}

/** A failed job as the staff console lists it (GET /api/admin/mail-jobs). */
export type { FailedMailJob };

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms).unref()),
  ]);

/**
 * The Bull queue `mail` on the product's Redis. Every job is one ledger row (job id = ledger key, so a job queued
 * twice while stored in Redis is one job). Retries: MAIL_JOB_ATTEMPTS tries with exponential backoff from
 * MAIL_JOB_BACKOFF_MS (8 tries from 5 s: 5, 10, 20 … 320 s, about 10 minutes in all); failed jobs are kept with
 * their error for the staff console; completed ones are removed (the ledger remembers them). Processing runs in the
 * worker and `all` roles; on shutdown the queue closes after the jobs in hand finished (or, past 20 s, leaves them to
 * Bull's stalled-job check: their lock expires after MAIL_JOB_LOCK_MS and another worker takes them).
 */
@Injectable()
export class MailQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailQueue');
  private sweeper: NodeJS.Timeout | null = null;
  private processing = false;
  private closing: Promise<void> | null = null;

  constructor(
    @InjectQueue(MAIL_QUEUE) readonly queue: Queue<MailJobData>,
    private readonly sender: MailSender,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    // @nestjs/bull closes the queue on shutdown without a bound; with Redis gone Bull's close waits for it. Ours is bounded.
    Object.assign(queue, { onApplicationShutdown: () => this.close() });
  }

  onApplicationBootstrap(): void {
    this.queue.on('error', (error) => this.logger.warn(`Mail queue: ${error.message}`));
    if (this.env.ROLE === 'api' || this.env.QRS_NO_MAIL) return;
    this.processing = true;
    void this.queue
      .process('send', this.env.MAIL_CONCURRENCY, (job: Job<MailJobData>) =>
        this.sender.send(job.data.key, { attempt: job.attemptsMade + 1, last: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) }),
      )
      .catch((error: Error) => this.logger.error(`Mail processing stopped: ${error.message}`));
    this.sweeper = setInterval(
      () => void this.sweep().catch((error: Error) => this.logger.warn(`Mail sweep failed: ${error.message}`)),
      this.env.MAIL_SWEEP_MS,
    );
    this.sweeper.unref();
  }

  /**
   * Queues ledger rows; a job id already stored in Redis is not queued again. In chunks of 1,000 (a campaign's rows
   * arrive by the ten thousand), each bounded: a Redis outage is the sweep's to fix.
   */
  async enqueue(rows: { key: string; sendAfter: Date; tenantId: number }[]): Promise<void> {
    const now = Date.now();
    for (let start = 0; start < rows.length; start += ENQUEUE_CHUNK) {
      await withTimeout(
        this.queue.addBulk(
          rows.slice(start, start + ENQUEUE_CHUNK).map((row) => ({
            name: 'send',
            data: { key: row.key, tenantId: row.tenantId },
            opts: {
              jobId: row.key,
              delay: Math.max(0, row.sendAfter.getTime() - now),
              attempts: this.env.MAIL_JOB_ATTEMPTS,
              backoff: { type: 'exponential', delay: this.env.MAIL_JOB_BACKOFF_MS },
              removeOnComplete: true,
              removeOnFail: false,
            },
          })),
        ),
        5000,
        'Queueing mails',
      );
    }
  }

  /**
   * Mails whose job Redis lost (a restart without persistence, a queue unreachable after the commit): pending or
   * 'sending' rows due for a while are queued again. Queueing a job id Redis still holds is a no-op.
   */
  async sweep(): Promise<number> {
    // 1,000 rows a query, by key, up to 50,000 a sweep: a campaign whose jobs Redis lost comes back in one sweep, not
    // a thousand a minute.
    let swept = 0;
    let after = '';
    for (let round = 0; round < 50; round++) {
      const rows = (await this.dataSource.query(
        `SELECT key, send_after, client_id FROM mail_ledger
         WHERE status IN ('pending', 'sending') AND send_after < now() - make_interval(secs => $1::double precision / 1000)
           AND updated_at < now() - make_interval(secs => $1::double precision / 1000) AND key > $2
         ORDER BY key LIMIT 1000`,
        [this.env.MAIL_SWEEP_MS, after],
      )) as { key: string; send_after: Date; client_id: number }[];
      await this.enqueue(rows.map((row) => ({ key: row.key, sendAfter: row.send_after, tenantId: row.client_id })));
      swept += rows.length;
      if (rows.length < 1000) break;
      after = rows[rows.length - 1].key;
    }
    return swept;
  }

  /**
   * Failed jobs, newest first, for the staff console: every tenant's for the default brand's staff (`tenant` null), else
   * only that tenant's (filtered here: Bull keeps one list; failed jobs are few, at most 10,000 are looked at).
   */
  async failedJobs(tenant: number | null, start = 0, end = 49): Promise<{ total: number; jobs: FailedMailJob[] }> {
    let total: number;
    let jobs: Job<MailJobData>[];
    if (tenant === null) {
      [total, jobs] = await Promise.all([this.queue.getFailedCount(), this.queue.getFailed(start, end)]);
    } else {
      const mine = (await this.queue.getFailed(0, 9_999)).filter((job) => job?.data?.tenantId === tenant);
      total = mine.length;
      jobs = mine.slice(start, end + 1);
    }
    return {
      total,
      jobs: jobs.filter(Boolean).map((job) => {
        const [, , recipient, kind] = /^(?:event|campaign):([^:]+):(.+):([a-z-]+)$/.exec(String(job.id)) ?? [];
        return {
          id: String(job.id),
          kind: kind ?? '',
          recipient: recipient ?? '',
          attemptsMade: job.attemptsMade,
          failedReason: job.failedReason ?? null,
          failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
          createdAt: new Date(job.timestamp).toISOString(),
        };
      }),
    };
  }

  /**
   * The first shutdown hook that matters: onModuleDestroy runs in the reverse order of initialisation, so here, before
   * the mailer's own onModuleDestroy closes its SMTP pool under the jobs in hand.
   */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /**
   * Stops taking jobs and waits for the ones in hand (bounded: 20 s with processors, 3 s without). Past the bound the
   * connections are dropped; a job still in hand is returned by Bull's stalled check once its lock expires.
   */
  private close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sweeper) clearInterval(this.sweeper);
      const closed = this.queue.close().catch((error: Error) => this.logger.warn(`Closing the mail queue: ${error.message}`));
      await withTimeout(closed, this.processing ? 20_000 : 3_000, 'Closing the mail queue').catch((error: Error) => {
        this.logger.warn(error.message);
        for (const client of this.queue.clients) client.disconnect();
      });
    })();
    return this.closing;
  }
}
