import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { ENV, Env } from '../../config/env';
import { DATABASE_URL } from '../../database/database.module';
import { FixedWindowCounter } from '../../redis/fixed-window';
import { REDIS } from '../../redis/redis.module';
import { DomainError } from '../../common/domain-error';

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
    perUsername: env.AUTH_RATE_LIMIT_PER_USERNAME ?? (test ? 10_000 : 5),
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  };
}

export function exceeded(counts: { ip: number; username: number }, limits: AttemptLimits): boolean {
  return counts.ip > limits.perIp || counts.username > limits.perUsername;
}

/**
 * Fixed-window counters in Redis, per IP and per username, shared by every API replica. Keys are namespaced by
 * the database name, so deployments (and test files) sharing one Redis do not count each other's attempts.
 * Redis down or slow: the attempts are counted in this process's memory with the same limits (fails closed, issue 27;
 * redis/fixed-window.ts) and a warning is logged at most once a minute.
 */
@Injectable()
export class RateLimiter {
  private readonly limits: AttemptLimits;
  private readonly prefix: string;
  private readonly counter: FixedWindowCounter;

  constructor(@Inject(REDIS) redis: Redis, @Inject(ENV) env: Env, @Inject(DATABASE_URL) databaseUrl: string) {
    this.limits = attemptLimits(env);
    this.counter = new FixedWindowCounter(redis, 'RateLimiter');
    this.prefix = `qrs:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'default'}:auth-attempts`;
  }

  /**
   * Counts the attempt and throws 429 when either counter is over its limit: per IP, and per username, or per device
   * when the attempt carries a valid device cookie for that username (`device`, its nonce: device-cookies.ts), so
   * failures from unknown devices never throttle the owner's own device (the per-IP limit still applies to it).
   */
  async hit(kind: AttemptKind, tenantId: number, ip: string, username: string, device: string | null = null): Promise<void> {
    const ipKey = `${this.prefix}:${kind}:ip:${ip}`;
    const [ipCount, userCount] = await Promise.all([this.count(ipKey), this.count(this.userKey(kind, tenantId, username, device))]);
    if (exceeded({ ip: ipCount, username: userCount }, this.limits)) throw new DomainError('too_many_requests', TOO_MANY_ATTEMPTS);
  }

  /** Counts a request that names no user (GET /auth/google) per IP; 429 with `message` over the per-IP limit. */
  async hitIp(kind: AttemptKind, ip: string, message: string): Promise<void> {
    const count = await this.count(`${this.prefix}:${kind}:ip:${ip}`);
    if (count > this.limits.perIp) throw new DomainError('too_many_requests', message);
  }

  /**
   * A successful sign-in clears the counter the attempt was counted on (the device's, or the username's): the owner
   * signing in on their device does not hand an attacker on unknown devices a fresh allowance.
   */
  async reset(kind: AttemptKind, tenantId: number, username: string, device: string | null = null): Promise<void> {
    await this.counter.reset(this.userKey(kind, tenantId, username, device));
  }

  private userKey(kind: AttemptKind, tenantId: number, username: string, device: string | null): string {
    return device ? `${this.prefix}:${kind}:device:${device}` : `${this.prefix}:${kind}:user:${tenantId}:${username.trim().toLowerCase()}`;
  }

  private count(key: string): Promise<number> {
    return this.counter.hit(key, this.limits.windowSeconds);
  }
}
