import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS_SUBSCRIBER } from '../redis/redis.module';
import { ScanKeys, SCAN_KEYS } from '../scans/scan-keys';

type Listener = (payload: string) => void;

/** Fans the ingester's per-code scan messages (Redis pub/sub, published after commit) out to SSE clients. */
@Injectable()
export class LiveScansService implements OnApplicationShutdown {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly onMessage = (channel: string, message: string) => this.listeners.get(channel)?.forEach((listener) => listener(message));
  /** After a reconnect: the subscriber does not re-subscribe by itself (see createRedis). */
  private readonly onReady = () => {
    if (this.listeners.size) this.subscriber.subscribe(...this.listeners.keys()).catch(() => undefined);
  };

  constructor(
    @Inject(REDIS_SUBSCRIBER) private readonly subscriber: Redis,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {
    this.subscriber.on('message', this.onMessage);
    this.subscriber.on('ready', this.onReady);
  }

  /** Calls `listener` with each JSON batch of LiveScan for the code; returns the unsubscribe function. */
  async listen(qrId: string, listener: Listener): Promise<() => void> {
    const channel = this.keys.live(qrId);
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.subscriber.subscribe(channel);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  onApplicationShutdown(): void {
    this.subscriber.off('message', this.onMessage);
    this.subscriber.off('ready', this.onReady);
  }
}
