import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '../command-pipeline';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { FixedWindowCounter } from '../redis/fixed-window';
import { REDIS } from '../redis/redis.module';

export const CHECKOUT_TOO_MANY = 'Too many checkout attempts. Please wait a few minutes and try again.';

/**
 * POST /api/create-payment-intent is anonymous and creates an object at Stripe per call: per client IP, 30 checkout
 * attempts per 10 minutes (a person retries a few times; a script would fill the account with PaymentIntents).
 * Generous under NODE_ENV=test. A fixed window in Redis shared by every API replica; Redis down: counted in
 * this process's memory with the same limit (fails closed, redis/fixed-window.ts).
 */
@Injectable()
export class CheckoutRateLimit {
  private readonly perIp: number;
  private readonly windowSeconds = 600;
  private readonly prefix: string;
  private readonly counter: FixedWindowCounter;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.counter = new FixedWindowCounter(redis, 'CheckoutRateLimit');
    this.perIp = env.NODE_ENV === 'test' ? 10_000 : 30;
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:checkout`;
  }

  async hit(ip: string): Promise<void> {
    const key = `${this.prefix}:ip:${ip}`;
    const count = await this.counter.hit(key, this.windowSeconds);
    if (count > this.perIp) throw new DomainError('too_many_requests', CHECKOUT_TOO_MANY);
  }
}
