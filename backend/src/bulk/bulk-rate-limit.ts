import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../command-pipeline/domain-error';
import type Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { REDIS } from '../redis/redis.module';

export const BULK_WINDOW_SECONDS = 60;
export const bulkTooMany = (limit: number) =>
  `Too many QR codes in a short time (at most ${limit} a minute). Please wait a moment and try again.`;

/**
 * Per user, a fixed one-minute window counted in Redis (shared by every API replica). Fails open: while Redis
 * fails, generation goes on unlimited (it writes nothing, so the risk is CPU, not data) and a warning is logged.
 */
@Injectable()
export class BulkRateLimit {
  private readonly logger = new Logger('BulkRateLimit');
  private readonly prefix: string;
  readonly limit: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.limit = env.BULK_RATE_LIMIT_PER_MINUTE;
    let database = 'qrsharks';
    try {
      database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database;
    } catch {
      // keep the default
    }
    this.prefix = `qrs:${database}:bulk`;
  }

  async hit(userId: string): Promise<void> {
    const key = `${this.prefix}:user:${userId}`;
    let count: number;
    try {
      const [, incremented] = await Promise.all([this.redis.set(key, 0, 'EX', BULK_WINDOW_SECONDS, 'NX'), this.redis.incr(key)]);
      count = incremented;
    } catch (error) {
      this.logger.warn(`Bulk generation rate limiting is off while Redis fails: ${(error as Error).message}`);
      return;
    }
    if (count > this.limit) throw new DomainError('too_many_requests', bulkTooMany(this.limit));
  }
}
