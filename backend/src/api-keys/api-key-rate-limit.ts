import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { FixedWindowCounter } from '../redis/fixed-window';
import { REDIS } from '../redis/redis.module';

export const KEY_WINDOW_SECONDS = 60;
export const keyTooMany = (limit: number) => `This API key may make at most ${limit} requests a minute. Please slow down.`;

/** Where a key stands in its window: what the RateLimit-* headers say. */
export interface KeyWindow {
  limit: number;
  remaining: number;
  resetsInSeconds: number;
  over: boolean;
}

/**
 * Per API key, a fixed one-minute window in Redis shared by every API process (API_KEY_RATE_LIMIT_PER_MINUTE, default
 * 600). Fails closed: while Redis fails, each process counts in memory with the same limit (redis/fixed-window.ts).
 */
@Injectable()
export class ApiKeyRateLimit {
  private readonly prefix: string;
  private readonly counter: FixedWindowCounter;
  readonly limit: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.counter = new FixedWindowCounter(redis, 'ApiKeyRateLimit');
    this.limit = env.API_KEY_RATE_LIMIT_PER_MINUTE;
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:api-keys`;
  }

  async hit(keyId: string): Promise<KeyWindow> {
    const { count, resetsInSeconds } = await this.counter.hitWindow(`${this.prefix}:${keyId}`, KEY_WINDOW_SECONDS);
    return { limit: this.limit, remaining: Math.max(0, this.limit - count), resetsInSeconds, over: count > this.limit };
  }
}
