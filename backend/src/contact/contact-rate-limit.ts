import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { FixedWindowCounter } from '../redis/fixed-window';
import { REDIS } from '../redis/redis.module';

export const CONTACT_TOO_MANY = 'You have sent several messages in a short time. Please wait a few minutes or email us directly.';

/** Per IP: a handful of messages per window is plenty for a person; generous under NODE_ENV=test. */
export function contactLimit(env: Pick<Env, 'NODE_ENV'>): { perIp: number; windowSeconds: number } {
  return env.NODE_ENV === 'test' ? { perIp: 10_000, windowSeconds: 600 } : { perIp: 5, windowSeconds: 600 };
}

/** Fixed-window counter in Redis shared by every API replica; Redis down: counted in this process's memory (fails closed). */
@Injectable()
export class ContactRateLimit {
  private readonly limit: { perIp: number; windowSeconds: number };
  private readonly prefix: string;
  private readonly counter: FixedWindowCounter;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.counter = new FixedWindowCounter(redis, 'ContactRateLimit');
    this.limit = contactLimit(env);
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:contact`;
  }

  async hit(ip: string): Promise<void> {
    const key = `${this.prefix}:ip:${ip}`;
    const count = await this.counter.hit(key, this.limit.windowSeconds);
    if (count > this.limit.perIp) throw new DomainError('too_many_requests', CONTACT_TOO_MANY);
  }
}
