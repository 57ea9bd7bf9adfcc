import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { StartupError } from '../common/startup-error';
import { ENV, Env } from '../config/env';

/** Commands: auto-pipelined, short timeouts, no offline queue: a Redis outage fails fast instead of hanging requests. */
export const REDIS = Symbol('REDIS');
/** A second connection in subscriber mode (pub/sub cache invalidation). */
export const REDIS_SUBSCRIBER = Symbol('REDIS_SUBSCRIBER');

/**
 * A connection for commands (auto-pipelined, every command timing out after REDIS_TIMEOUT_MS) or, with
 * `subscriber`, for pub/sub. A subscriber has no command timeout (ioredis would arm a 0 ms timer for 0) and no
 * automatic re-subscription: ioredis re-subscribes after a reconnect without handling the command's failure, an
 * unhandled rejection whenever Redis is slow or gone at that moment. Its users subscribe again on 'ready'.
 */
export function createRedis(env: Pick<Env, 'REDIS_URL' | 'REDIS_TIMEOUT_MS'>, name: string, { subscriber = false } = {}): Redis {
  const redis = new Redis(env.REDIS_URL, {
    connectionName: name,
    enableAutoPipelining: !subscriber,
    enableOfflineQueue: false,
    autoResubscribe: false,
    maxRetriesPerRequest: 1,
    commandTimeout: !subscriber && env.REDIS_TIMEOUT_MS > 0 ? env.REDIS_TIMEOUT_MS : undefined,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  redis.on('error', () => undefined); // reconnects by itself; callers see failed commands and fall back
  return redis;
}

class RedisLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_SUBSCRIBER) private readonly subscriber: Redis,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
    this.subscriber.disconnect();
  }
}

@Global()
@Module({
  providers: [
    { provide: REDIS, inject: [ENV], useFactory: (env: Env) => createRedis(env, 'qrsharks') },
    {
      provide: REDIS_SUBSCRIBER,
      inject: [ENV],
      useFactory: (env: Env) => createRedis(env, 'qrsharks-sub', { subscriber: true }),
    },
    RedisLifecycle,
  ],
  exports: [REDIS, REDIS_SUBSCRIBER],
})
export class RedisModule {}

export const REDIS_NOT_PERSISTENT =
  'Redis keeps nothing on disk (appendonly no, and no RDB snapshots): scans that were answered but not yet stored are lost if Redis ' +
  'restarts. ' +
  'Turn on the append-only file (redis-server --appendonly yes, or appendonly yes in redis.conf); see docs/operations.md.';

/**
 * Whether Redis keeps what it acknowledged across a restart (the scan buffer relies on it): true with AOF or RDB
 * snapshots, false with neither, null when CONFIG is not allowed (managed Redis: they persist by their own rules).
 */
export async function redisPersistence(redis: Redis): Promise<boolean | null> {
  try {
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as string[];
    const [, save] = (await redis.config('GET', 'save')) as string[];
    return appendonly === 'yes' || (typeof save === 'string' && save.trim() !== '');
  } catch {
    return null;
  }
}

/** Start-up check: a clear paragraph instead of a stack trace when Redis is not running; says whether it persists. */
export async function assertRedisReachable(url: string): Promise<{ persistent: boolean | null }> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 1500,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return { persistent: await redisPersistence(probe) };
  } catch {
    throw new StartupError(
      `Redis is not reachable at ${url}.\n` +
        'QR Code Sharks keeps its scan buffer, queues and cache invalidation in Redis. Start it, for example:\n' +
        '  redis-server --daemonize yes            (Debian/Ubuntu: sudo apt-get install redis-server)\n' +
        '  docker run -d -p 6379:6379 redis:7\n' +
        'or point REDIS_URL at a running Redis, then run npm start again.',
    );
  } finally {
    probe.disconnect();
  }
}
