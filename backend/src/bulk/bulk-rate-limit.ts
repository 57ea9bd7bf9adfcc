import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import type Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { FixedWindowCounter } from '../redis/fixed-window';
import { REDIS } from '../redis/redis.module';

export const BULK_WINDOW_SECONDS = 60;
export const bulkTooMany = (limit: number) =>
  `Too many QR codes in a short time (at most ${limit} a minute). Please wait a moment and try again.`;

/**
 * Per user, a fixed one-minute window counted in Redis (shared by every API replica). Fails closed: while Redis
 * fails, each process counts in memory with the same limit (redis/fixed-window.ts) and a warning is logged.
 */
@Injectable()
export class BulkRateLimit {
  private readonly prefix: string;
  private readonly counter: FixedWindowCounter;
  readonly limit: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.counter = new FixedWindowCounter(redis, 'BulkRateLimit');
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
    const count = await this.counter.hit(key, BULK_WINDOW_SECONDS);
    if (count > this.limit) throw new DomainError('too_many_requests', bulkTooMany(this.limit));
  }
}
