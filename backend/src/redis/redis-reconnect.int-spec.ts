import Redis from 'ioredis';
import { LIVE_FEED_UNAVAILABLE, LiveScansService } from '../analytics';
import { scanKeys } from '../scans';
import { PrivateRedis } from '../test-support/private-redis';
import { letTimePass, until } from '../test-support/until';
import { createRedis } from './redis.module';

describe('the pub/sub connection across Redis restarts and freezes', () => {
  const redis = new PrivateRedis();
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  let subscriber: Redis;
  let publisher: Redis;

  beforeAll(async () => {
    await redis.start();
    process.on('unhandledRejection', onRejection);
    subscriber = createRedis({ REDIS_URL: redis.url, REDIS_TIMEOUT_MS: 300 }, 'test-sub', { subscriber: true });
    publisher = createRedis({ REDIS_URL: redis.url, REDIS_TIMEOUT_MS: 300 }, 'test-pub');
    await until(() => subscriber.status === 'ready' && publisher.status === 'ready', 'both connections', 10_000);
  });

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    subscriber?.disconnect();
    publisher?.disconnect();
    await redis.destroy();
  });

  it('arms no command timer on the subscriber and leaves re-subscribing to its users', () => {
    expect(subscriber.options.commandTimeout).toBeUndefined();
    expect(subscriber.options.autoResubscribe).toBe(false);
    expect(publisher.options.commandTimeout).toBe(300);
  });

  it('keeps delivering a live feed after Redis is frozen, restarted and frozen again, with no unhandled rejection', async () => {
    const keys = scanKeys({ SCAN_STREAM_KEY: undefined }, 'postgres://x/reconnect');
    const live = new LiveScansService(subscriber, keys, { REDIS_TIMEOUT_MS: 300 });
    const received: string[] = [];
    await live.listen('qr-1', (message) => received.push(message));
    const delivered = async (message: string) => {
      await until(
        async () => {
          await publisher.publish(keys.live('qr-1'), message).catch(() => 0);
          return received.includes(message);
        },
        `delivery of ${message}`,
        10_000,
      );
    };
    await delivered('before');

    await redis.freeze(800); // commands on the publisher time out meanwhile
    await delivered('after a freeze');

    await redis.stop();
    await until(() => subscriber.status !== 'ready', 'the subscriber noticing Redis is gone', 10_000);
    await redis.start();
    await until(() => subscriber.status === 'ready', 'the subscriber reconnecting', 15_000);
    await delivered('after a restart'); // subscribed again by LiveScansService, not by ioredis

    // Restarted, then frozen at once: the reconnect and the re-subscription meet a Redis that does not answer.
    await redis.stop();
    await redis.start();
    await redis.freeze(700);
    await until(() => subscriber.status === 'ready', 'the subscriber reconnecting again', 15_000);
    await delivered('after a second restart');
    await letTimePass(200, 'a late unhandled rejection surfaces: there is no event for one that never comes');
    expect(rejections).toEqual([]);
    live.onApplicationShutdown();
  }, 60_000);

  it('answers a live-feed listener with 503 while Redis is frozen, and subscribes it once Redis answers again', async () => {
    const keys = scanKeys({ SCAN_STREAM_KEY: undefined }, 'postgres://x/frozen');
    const live = new LiveScansService(subscriber, keys, { REDIS_TIMEOUT_MS: 300 });
    const thaw = redis.freeze(1500);
    const started = Date.now();
    await expect(live.listen('qr-2', () => undefined)).rejects.toMatchObject({ status: 503, message: LIVE_FEED_UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(1200);
    await thaw;
    const received: string[] = [];
    await until(
      async () => {
        try {
          await live.listen('qr-2', (message) => received.push(message));
          return true;
        } catch {
          return false;
        }
      },
      'a subscription after the thaw',
      10_000,
    );
    await until(
      async () => {
        await publisher.publish(keys.live('qr-2'), 'thawed').catch(() => 0);
        return received.includes('thawed');
      },
      'delivery after the thaw',
      10_000,
    );
    live.onApplicationShutdown();
  }, 30_000);
});
