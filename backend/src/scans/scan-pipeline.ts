import type Redis from 'ioredis';
import type { IngestedScan } from './scan-ingester';
import type { ScanKeys } from './scan-keys';

/** The scan pipeline as the staff console shows it (read from Redis by any role: the ingester writes the figures). */
export interface ScanPipelineFigures {
  /** Scans answered and waiting in the stream (the ingester deletes what it stored). */
  streamLength: number;
  /** Entries an ingester read and has not acknowledged yet (XPENDING of the consumer group). */
  pending: number;
  /** Consumers of the group that hold pending entries. */
  consumers: number;
  /** Age in seconds of the oldest scan still in the stream; null when it is empty. */
  oldestWaitingSeconds: number | null;
  /** Scans stored per second over the last minute, and during the last 10 seconds. */
  ingestRatePerSecond: number;
  ingestRateLast10s: number;
  /** Scans stored during the last minute. */
  ingestedLastMinute: number;
  lastIngested: IngestedScan | null;
}

/** XLEN, XPENDING and the oldest entry of the stream, and the ingester's per-second counters (missing keys read as 0). */
export async function readScanPipeline(redis: Redis, keys: ScanKeys, now = Date.now()): Promise<ScanPipelineFigures> {
  const second = Math.floor(now / 1000);
  // The current second is still filling: the minute is the 60 whole seconds before it.
  const seconds = Array.from({ length: 60 }, (_, index) => keys.ingestedIn(second - 1 - index));
  const [streamLength, pendingSummary, oldest, counts, last] = await Promise.all([
    redis.xlen(keys.stream),
    (redis.xpending(keys.stream, keys.group) as Promise<[number, string | null, string | null, [string, string][] | null]>).catch(
      (error: Error) => {
        // No group yet (no ingester ever ran): nothing is pending.
        if (/NOGROUP/.test(error.message)) return [0, null, null, null] as const;
        throw error;
      },
    ),
    redis.xrange(keys.stream, '-', '+', 'COUNT', 1),
    redis.mget(...seconds),
    redis.get(keys.lastIngested),
  ]);
  const perSecond = counts.map((count) => Number(count ?? 0));
  const minute = perSecond.reduce((sum, count) => sum + count, 0);
  const tenSeconds = perSecond.slice(0, 10).reduce((sum, count) => sum + count, 0);
  const oldestId = oldest[0]?.[0];
  let lastIngested: IngestedScan | null = null;
  try {
    lastIngested = last ? (JSON.parse(last) as IngestedScan) : null;
  } catch {
    lastIngested = null;
  }
  return {
    streamLength,
    pending: Number(pendingSummary[0] ?? 0),
    consumers: pendingSummary[3]?.length ?? 0,
    oldestWaitingSeconds: oldestId ? Math.max(0, Math.round((now - Number(oldestId.split('-')[0])) / 1000)) : null,
    ingestRatePerSecond: Math.round((minute / 60) * 10) / 10,
    ingestRateLast10s: Math.round((tenSeconds / 10) * 10) / 10,
    ingestedLastMinute: minute,
    lastIngested,
  };
}
