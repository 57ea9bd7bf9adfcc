import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** How many keys one process counts in memory while Redis fails (per limiter); ~100 bytes each. */
export const MEMORY_KEYS_MAX = 50_000;

/**
 * A fixed-window counter for rate limits: in Redis, shared by every API process, and in this process's memory while
 * Redis fails or is slow (issue 27 item 4: limits fail closed). Memory mirrors each key's last Redis count, so a hit
 * that Redis misses counts on from there. The fallback keeps the same limits per process, so an outage never lets
 * every guess through; with N API processes an attacker gets at most N times the limit. Memory is bounded: past
 * MEMORY_KEYS_MAX keys, expired windows are dropped, then the oldest windows.
 */
export class FixedWindowCounter {
  private readonly logger: Logger;
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly options: { timeoutMs?: number; maxKeys?: number } = {},
  ) {
    this.logger = new Logger(name);
  }

  /** Counts one hit of `key` in its window of `windowSeconds`; the count including this hit. */
  async hit(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
    return (await this.hitWindow(key, windowSeconds, now)).count;
  }

  /**
   * Counts one hit like `hit`, and says in how many whole seconds the window ends (at least 1): what a 429's
   * Retry-After says.
   */
  async hitWindow(key: string, windowSeconds: number, now = Date.now()): Promise<{ count: number; resetsInSeconds: number }> {
    try {
      return await this.withTimeout(
        this.redis
          .multi()
          .set(key, 0, 'EX', windowSeconds, 'NX')
          .incr(key)
          .pttl(key)
          .exec()
          .then((replies) => {
            const [error, value] = replies?.[1] ?? [new Error('no reply')];
            if (error) throw error;
            const ttl = Number(replies?.[2]?.[1] ?? -1);
            const ttlMs = ttl > 0 ? ttl : windowSeconds * 1000;
            return { count: this.remember(key, Number(value), now, now + ttlMs), resetsInSeconds: Math.ceil(ttlMs / 1000) };
          }),
      );
    } catch (error) {
      this.warn(error as Error);
      const count = this.hitInMemory(key, windowSeconds, now);
      const resetAt = this.memory.get(key)?.resetAt ?? now + windowSeconds * 1000;
      return { count, resetsInSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
    }
  }

  /** Forgets `key` (a successful attempt clears its counter), in Redis and in memory. */
  async reset(key: string): Promise<void> {
    this.memory.delete(key);
    await this.redis.del(key).catch(() => undefined);
  }

  /** Keys counted in memory now (tests, and a sign that Redis failed). */
  get memoryKeys(): number {
    return this.memory.size;
  }

  /**
   * Keeps what Redis counted for `key` in memory, so that a hit Redis misses (an outage, or an answer that came after
   * the timeout: under load a timer can fire before the reply is read) counts on from there rather than from one in a
   * window of its own. Answers the larger of Redis's count and this process's own count so far plus this hit: hits
   * Redis never saw still count once it is back. Fails closed: a hit can be counted twice, never not at all.
   */
  private remember(key: string, counted: number, now: number, resetAt: number): number {
    const entry = this.memory.get(key);
    if (entry && entry.resetAt > now) {
      entry.count = Math.max(counted, entry.count + 1);
      return entry.count;
    }
    this.memory.delete(key);
    this.makeRoom(now);
    this.memory.set(key, { count: counted, resetAt });
    return counted;
  }

  private hitInMemory(key: string, windowSeconds: number, now: number): number {
    let entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) {
      this.memory.delete(key);
      this.makeRoom(now);
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.memory.set(key, entry); // insertion order = age of the window: the oldest go first when full
    }
    entry.count += 1;
    return entry.count;
  }

  private makeRoom(now: number): void {
    const max = this.options.maxKeys ?? MEMORY_KEYS_MAX;
    if (this.memory.size < max) return;
    for (const [key, entry] of this.memory) if (entry.resetAt <= now) this.memory.delete(key);
    for (const key of this.memory.keys()) {
      if (this.memory.size < max) break;
      this.memory.delete(key);
    }
  }

  private withTimeout<T>(promise: Promise<T>): Promise<T> {
    const ms = this.options.timeoutMs;
    if (!ms) return promise;
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  private warn(error: Error): void {
    if (Date.now() - this.lastWarning > 60_000) {
      this.lastWarning = Date.now();
      this.logger.warn(
        `Redis fails (${error.message}): rate limits count in this process's memory, with the same limits, until it is back`,
      );
    }
  }
}
