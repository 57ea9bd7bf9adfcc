import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { DomainError } from '../command-pipeline/domain-error';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { REDIS } from '../redis/redis.module';

export const CONTACT_TOO_MANY = 'You have sent several messages in a short time. Please wait a few minutes or email us directly.';

/** Per IP: a handful of messages per window is plenty for a person; generous under NODE_ENV=test. */
export function contactLimit(env: Pick<Env, 'NODE_ENV'>): { perIp: number; windowSeconds: number } {
  return env.NODE_ENV === 'test' ? { perIp: 10_000, windowSeconds: 600 } : { perIp: 5, windowSeconds: 600 };
}

/** Fixed-window counter in Redis shared by every API replica; Redis down means the message is let through. */
@Injectable()
export class ContactRateLimit {
  private readonly logger = new Logger('ContactRateLimit');
  private readonly limit: { perIp: number; windowSeconds: number };
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.limit = contactLimit(env);
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:contact`;
  }

  async hit(ip: string): Promise<void> {
    const key = `${this.prefix}:ip:${ip}`;
    let count: number;
    try {
      const [, incremented] = await Promise.all([this.redis.set(key, 0, 'EX', this.limit.windowSeconds, 'NX'), this.redis.incr(key)]);
      count = incremented;
    } catch (error) {
      this.logger.warn(`Contact rate limiting is off while Redis fails: ${(error as Error).message}`);
      return;
    }
    if (count > this.limit.perIp) throw new DomainError('too_many_requests', CONTACT_TOO_MANY);
  }
}
