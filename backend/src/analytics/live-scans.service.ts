import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { DomainError } from '../common/domain-error';
import { ENV, Env } from '../config/env';
import { REDIS_SUBSCRIBER } from '../redis/redis.module';
import { SCAN_KEYS, type ScanKeys } from '../scans';

type Listener = (payload: string) => void;

interface Channel {
  listeners: Set<Listener>;
  /** Settles when Redis confirmed the subscription (every listener of the channel waits for the same one). */
  subscribed: Promise<void>;
}

export const LIVE_FEED_UNAVAILABLE = 'Live updates are unavailable right now. Please try again shortly.';

/** Fans the ingester's per-code scan messages (Redis pub/sub, published after commit) out to SSE clients. */
@Injectable()
export class LiveScansService implements OnApplicationShutdown {
  private readonly channels = new Map<string, Channel>();
  private readonly onMessage = (channel: string, message: string) =>
    this.channels.get(channel)?.listeners.forEach((listener) => listener(message));
  /** After a reconnect: the subscriber does not re-subscribe by itself (see createRedis). */
  private readonly onReady = () => {
    if (this.channels.size) this.subscriber.subscribe(...this.channels.keys()).catch(() => undefined);
  };

  constructor(
    @Inject(REDIS_SUBSCRIBER) private readonly subscriber: Redis,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
    @Inject(ENV) private readonly env: Pick<Env, 'REDIS_TIMEOUT_MS'>,
  ) {
    this.subscriber.on('message', this.onMessage);
    this.subscriber.on('ready', this.onReady);
  }

  /**
   * Calls `listener` with each JSON batch of LiveScan for the code; returns the unsubscribe function. When Redis
   * does not confirm the subscription within REDIS_TIMEOUT_MS (it is down or frozen), fails with a 503.
   */
  async listen(qrId: string, listener: Listener): Promise<() => void> {
    const name = this.keys.live(qrId);
    let channel = this.channels.get(name);
    if (!channel) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error('subscribe timed out')), Math.max(this.env.REDIS_TIMEOUT_MS, 1));
      });
      const subscribed = Promise.race([this.subscriber.subscribe(name).then(() => undefined), timeout]).finally(() => clearTimeout(timer));
      channel = { listeners: new Set(), subscribed };
      this.channels.set(name, channel);
      const created = channel;
      // A failed subscription is forgotten, so the next listener tries again.
      subscribed.catch(() => {
        if (this.channels.get(name) === created) this.channels.delete(name);
      });
    }
    try {
      await channel.subscribed;
    } catch {
      throw new DomainError('unavailable', LIVE_FEED_UNAVAILABLE);
    }
    const { listeners } = channel;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.channels.get(name) === channel) {
        this.channels.delete(name);
        this.subscriber.unsubscribe(name).catch(() => undefined);
      }
    };
  }

  onApplicationShutdown(): void {
    this.subscriber.off('message', this.onMessage);
    this.subscriber.off('ready', this.onReady);
  }
}
