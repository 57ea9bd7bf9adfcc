import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { REDIS } from '../redis/redis.module';
import { DomainError } from '../command-pipeline/domain-error';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export type AttemptKind = 'login' | 'register' | 'google' | 'password-reset' | 'email-verification' | 'newsletter-signup';

/** Limits for one kind of attempt; pure so it is unit-tested. */
export interface AttemptLimits {
  perIp: number;
  perUsername: number;
  windowSeconds: number;
}

/** Defaults are generous under NODE_ENV=test so feature int-specs that sign up many users from loopback are not throttled. */
export function attemptLimits(
  env: Pick<Env, 'NODE_ENV' | 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_USERNAME' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>,
): AttemptLimits {
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

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ENV) env: Env,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.limits = attemptLimits(env);
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:auth-attempts`;
  }

  /**
   * Counts the attempt and throws 429 when either counter is over its limit: per IP, and per username, or per device
   * when the attempt carries a valid device cookie for that username (`device`, its nonce: device-cookies.ts), so
   * failures from unknown devices never throttle the owner's own device (the per-IP limit still applies to it).
   */
  async hit(kind: AttemptKind, tenantId: number, ip: string, username: string, device: string | null = null): Promise<void> {
    const ipKey = `${this.prefix}:${kind}:ip:${ip}`;
    let counts: { ip: number; username: number };
    try {
      const [ip, user] = await Promise.all([this.count(ipKey), this.count(this.userKey(kind, tenantId, username, device))]);
      counts = { ip, username: user };
    } catch (error) {
      this.warn(error as Error);
      return;
    }
    if (exceeded(counts, this.limits)) throw new DomainError('too_many_requests', TOO_MANY_ATTEMPTS);
  }

  /** Counts a request that names no user (GET /auth/google) per IP; 429 with `message` over the per-IP limit. */
  async hitIp(kind: AttemptKind, ip: string, message: string): Promise<void> {
    let count: number;
    try {
      count = await this.count(`${this.prefix}:${kind}:ip:${ip}`);
    } catch (error) {
      this.warn(error as Error);
      return;
    }
    if (count > this.limits.perIp) throw new DomainError('too_many_requests', message);
  }

  /**
   * A successful sign-in clears the counter the attempt was counted on (the device's, or the username's): the owner
   * signing in on their device does not hand an attacker on unknown devices a fresh allowance.
   */
  async reset(kind: AttemptKind, tenantId: number, username: string, device: string | null = null): Promise<void> {
    await this.redis.del(this.userKey(kind, tenantId, username, device)).catch(() => undefined);
  }

  private userKey(kind: AttemptKind, tenantId: number, username: string, device: string | null): string {
    return device ? `${this.prefix}:${kind}:device:${device}` : `${this.prefix}:${kind}:user:${tenantId}:${username.trim().toLowerCase()}`;
  }

  private warn(error: Error): void {
    if (Date.now() - this.lastWarning > 60_000) {
      this.lastWarning = Date.now();
      this.logger.warn(`Sign-in rate limiting is off while Redis fails: ${error.message}`);
    }
  }

  private async count(key: string): Promise<number> {
    const [, count] = await Promise.all([this.redis.set(key, 0, 'EX', this.limits.windowSeconds, 'NX'), this.redis.incr(key)]);
    return count;
  }
}
