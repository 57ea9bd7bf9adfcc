import type { Env } from '../config/env';

/**
 * Redis names of this feature. They default to names derived from the database, so every deployment (and
 * every test database sharing one Redis) has its own stream, consumer group and channels.
 */
export interface ScanKeys {
  stream: string;
  group: string;
  invalidations: string;
  live(qrId: string): string;
  /** Scans the ingester stored during one second (epoch seconds; kept 3 minutes): the console's ingest rate. */
  ingestedIn(second: number): string;
  /** JSON of the last scan the ingester stored (IngestedScan): the console's 'last scan ingested'. */
  lastIngested: string;
  /** Password attempts on a protected code from one client IP (a fixed-window counter). */
  unlockAttempts(qrId: string, ip: string): string;
  /** Human scans a code with a cap has answered (issue 33's maxScans): one INCR per human scan. */
  humanScans(qrId: string): string;
}

export const SCAN_KEYS = Symbol('SCAN_KEYS');

export function scanKeys(env: Pick<Env, 'SCAN_STREAM_KEY'>, databaseUrl: string): ScanKeys {
  let database = 'qrsharks';
  try {
    database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database;
  } catch {
    // keep the default
  }
  const prefix = `qrs:${database}`;
  return {
    stream: env.SCAN_STREAM_KEY ?? `${prefix}:scans`,
    group: 'scan-ingester',
    invalidations: `${prefix}:scan-targets`,
    live: (qrId) => `${prefix}:scans-live:${qrId}`,
    ingestedIn: (second) => `${prefix}:scans-ingested:${second}`,
    lastIngested: `${prefix}:scans-last-ingested`,
    unlockAttempts: (qrId, ip) => `${prefix}:unlock-attempts:${qrId}:${ip}`,
    humanScans: (qrId) => `${prefix}:human-scans:${qrId}`,
  };
}
