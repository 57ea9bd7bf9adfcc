import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { FixedWindowCounter } from '../redis/fixed-window';
import { REDIS } from '../redis/redis.module';

export const EXPORT_WINDOW_SECONDS = 3600;
export const exportTooMany = (limit: number) => `You can download your data at most ${limit} times an hour. Please try again later.`;

/**
 * GET /api/account/export reads everything a person has (every code's history and daily scans): per account, a fixed
 * one-hour window in Redis shared by every API process (ACCOUNT_EXPORTS_PER_HOUR, default 5). Fails closed: while
 * Redis fails, each process counts in memory with the same limit (redis/fixed-window.ts). Over it: 429 with
 * Retry-After, the seconds until the window ends.
 */
@Injectable()
export class ExportRateLimit {
  private readonly prefix: string;
  private readonly counter: FixedWindowCounter;
  readonly limit: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.counter = new FixedWindowCounter(redis, 'ExportRateLimit');
    this.limit = env.ACCOUNT_EXPORTS_PER_HOUR;
    let database = 'qrsharks';
    try {
      database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database;
    } catch {
      // keep the default
    }
    this.prefix = `qrs:${database}:account-export`;
  }

  async hit(userId: string): Promise<void> {
    const { count, resetsInSeconds } = await this.counter.hitWindow(`${this.prefix}:user:${userId}`, EXPORT_WINDOW_SECONDS);
    if (count > this.limit) throw DomainError.tooManyRequests(exportTooMany(this.limit), resetsInSeconds);
  }
}
