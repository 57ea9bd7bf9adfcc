import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** How many keys one process counts in memory while Redis fails (per limiter); ~100 bytes each. */
export const MEMORY_KEYS_MAX = 50_000;

/**
 * A fixed-window counter for rate limits: in Redis, shared by every API process, and in this process's memory while
 * Redis fails or is slow (issue 27 item 4: limits fail closed). The fallback keeps the same limits per process, so
 * an outage never lets every guess through; with N API processes an attacker gets at most N times the limit.
 * Memory is bounded: past MEMORY_KEYS_MAX keys, expired windows are dropped, then the oldest windows.
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
            return { count: Number(value), resetsInSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : windowSeconds };
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
