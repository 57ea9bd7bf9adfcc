import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { REDIS } from '../redis/redis.module';
import { DomainError } from '../command-pipeline/domain-error';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export type AttemptKind = 'login' | 'register';

/** Limits for one kind of attempt; pure so it is unit-tested. */
export interface AttemptLimits {
  perIp: number;
  perUsername: number;
  windowSeconds: number;
}

/** Defaults are generous under NODE_ENV=test so feature int-specs that sign up many users from loopback are not throttled. */
export function attemptLimits(env: Pick<Env, 'NODE_ENV' | 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_USERNAME' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>): AttemptLimits {
  const test = env.NODE_ENV === 'test';
  return {
    perIp: env.AUTH_RATE_LIMIT_PER_IP ?? (test ? 10_000 : 30),
    perUsername: env.AUTH_RATE_LIMIT_PER_USERNAME ?? (test ? 10_000 : 10),
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  };
}

export function exceeded(counts: { ip: number; username: number }, limits: AttemptLimits): boolean {
  return counts.ip > limits.perIp || counts.username > limits.perUsername;
}

/**
 * Fixed-window counters in Redis, per IP and per username, shared by every API replica. Keys are namespaced by
 * the database name, so deployments (and test files) sharing one Redis do not count each other's attempts.
 * Redis down or slow: the attempt is allowed (availability first) and a warning is logged at most once a minute.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger('RateLimiter');
  private readonly limits: AttemptLimits;
  private readonly prefix: string;
  private lastWarning = 0;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.limits = attemptLimits(env);
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:auth-attempts`;
  }

  /** Counts the attempt and throws 429 when either counter is over its limit. */
  async hit(kind: AttemptKind, tenantId: number, ip: string, username: string): Promise<void> {
    const ipKey = `${this.prefix}:${kind}:ip:${ip}`;
    const userKey = `${this.prefix}:${kind}:user:${tenantId}:${username.trim().toLowerCase()}`;
    let counts: { ip: number; username: number };
    try {
      const [ip, user] = await Promise.all([this.count(ipKey), this.count(userKey)]);
      counts = { ip, username: user };
    } catch (error) {
      if (Date.now() - this.lastWarning > 60_000) {
        this.lastWarning = Date.now();
        this.logger.warn(`Sign-in rate limiting is off while Redis fails: ${(error as Error).message}`);
      }
      return;
    }
    if (exceeded(counts, this.limits)) throw new DomainError('too_many_requests', TOO_MANY_ATTEMPTS);
  }

  /** A successful sign-in clears the username's counter (not the IP's). */
  async reset(kind: AttemptKind, tenantId: number, username: string): Promise<void> {
    await this.redis.del(`${this.prefix}:${kind}:user:${tenantId}:${username.trim().toLowerCase()}`).catch(() => undefined);
  }

  private async count(key: string): Promise<number> {
    const [, count] = await Promise.all([this.redis.set(key, 0, 'EX', this.limits.windowSeconds, 'NX'), this.redis.incr(key)]);
    return count;
  }
}
