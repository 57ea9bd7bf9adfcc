import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import Redis from 'ioredis';
import { DuplicateEventIdError, type EventStore, type NewEvent, type StreamAppend } from '../event-store/event-store';
import { ENV, type Env } from '../config/env';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { REDIS } from '../redis/redis.module';
import { enrichScan, loadCountryLookup } from './scan-enrich';
import { ScanKeys, SCAN_KEYS } from './scan-keys';
import { RawScan, packScan, SCANNED, Scanned, scanStream } from './scan.events';

export type RecordOutcome = 'buffered' | 'stored' | 'lost';

export function scannedEvent(scan: Scanned, tenantId: number): NewEvent<Scanned> {
  return {
    id: scan.scanId,
    type: SCANNED,
    data: scan,
    metadata: {
      tenantId,
      actorId: 'anonymous',
      correlationId: scan.scanId,
      causationId: null,
      occurredAt: scan.scannedAt,
      schemaVersion: 1,
    },
  };
}

/**
 * Appends Scanned events, one transaction for all of them. A batch mixing stored and new ids (the API stored some
 * scans itself while Redis timed out, yet Redis took them after all) is refused as a whole: then it is halved
 * until the parts go in, a single scan's append of a stored id being a no-op. Such scans come in runs (one Redis
 * hiccup), so a batch of 1,000 with a run of stored ones takes a few dozen transactions, not a thousand.
 */
export async function appendScans(store: EventStore, events: [streamId: string, event: NewEvent<Scanned>][]): Promise<void> {
  try {
    if (events.length === 1) await store.append(events[0][0], [events[0][1]], { expectedRevision: 'any' });
    else {
      const byStream = new Map<string, NewEvent[]>();
      for (const [streamId, event] of events) {
        const list = byStream.get(streamId);
        if (list) list.push(event);
        else byStream.set(streamId, [event]);
      }
      await store.appendMany([...byStream].map(([streamId, list]): StreamAppend => ({ streamId, events: list, expectedRevision: 'any' })));
    }
  } catch (error) {
    if (!(error instanceof DuplicateEventIdError) || events.length === 1) throw error;
    const half = Math.ceil(events.length / 2);
    await appendScans(store, events.slice(0, half));
    await appendScans(store, events.slice(half));
  }
}

/**
 * The direct path's append: with a store that has appendNew (PostgreSQL), one statement per code's stream that
 * leaves out ids already stored (one round trip instead of appendMany's five: bench/redirect (d)); else appendScans.
 */
export async function appendNewScans(store: EventStore, events: [streamId: string, event: NewEvent<Scanned>][]): Promise<void> {
  if (!store.appendNew) return appendScans(store, events);
  const byStream = new Map<string, NewEvent[]>();
  for (const [streamId, event] of events) {
    const list = byStream.get(streamId);
    if (list) list.push(event);
    else byStream.set(streamId, [event]);
  }
  await store.appendNew([...byStream].map(([streamId, list]) => ({ streamId, events: list })));
}

/** XADDs every argument as one entry's `s1` field, in one atomic call; answers how many it added. */
const XADD_BATCH = `for i = 1, #ARGV do redis.call('XADD', KEYS[1], '*', 's1', ARGV[i]) end return #ARGV`;
const MAX_BATCH = 500;
/** Scans in one append of the direct path (Redis failing): one statement per code's stream for all of them. */
const MAX_DIRECT_GROUP = 2000;
/** Direct-path appends at a time: enough to overlap their round trips, few enough not to crowd the pool (10). */
const MAX_DIRECT_IN_FLIGHT = 4;
/** Rounds of event store then Redis before a scan is given up: 100 + 200 + 400 + 800 + 1600 ms of back-off between them. */
const STORE_ATTEMPTS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Errors that say scripting is not allowed here, as opposed to Redis being slow or gone. */
const SCRIPTS_REFUSED = /NOPERM|unknown command|not allowed|disabled/i;

/**
 * A circuit breaker in front of Redis for the scan path. Closed: every batch goes to Redis. A failed write opens it
 * for `breakMs`: batches go straight to the event store without waiting for Redis's timeout. After that, one batch
 * probes Redis (the others keep going direct while it is in flight); its success closes the breaker, its failure
 * opens it again.
 */
export class RedisBreaker {
  private openUntil = 0;
  private probing = false;
  constructor(
    private readonly breakMs: number,
    private readonly now: () => number = Date.now,
  ) {}
  /** Whether this batch may try Redis; when it answers true after a break, the caller is the probe and must report. */
  tryRedis(): boolean {
    if (this.openUntil === 0) return true;
    if (this.probing || this.now() < this.openUntil) return false;
    this.probing = true;
    return true;
  }
  succeeded(): void {
    this.openUntil = 0;
    this.probing = false;
  }
  failed(): void {
    this.openUntil = this.now() + this.breakMs;
    this.probing = false;
  }
  get open(): boolean {
    return this.openUntil !== 0;
  }
}

interface Waiting {
  scan: RawScan;
  done: (outcome: RecordOutcome) => void;
}

/**
 * Writes a scan before its answer leaves. The scans of one turn of the event loop go to the Redis stream in one
 * EVAL (one command, one timer and one reply for up to 500 scans, instead of one XADD each). When Redis fails or
 * times out, those scans go straight to the event store as Scanned events with the same ids; should Redis have
 * taken them after all, the ingester's append of those ids is a no-op. After a failure a breaker sends scans direct
 * for SCAN_REDIS_BREAK_MS, so that a frozen Redis costs each scan nothing rather than REDIS_TIMEOUT_MS (issue 31).
 */
@Injectable()
export class ScanRecorder implements OnApplicationBootstrap {
  private readonly logger = new Logger('ScanRecorder');
  private fallbacks = 0;
  private waiting: Waiting[] = [];
  private scriptsRefused = false;
  private readonly breaker: RedisBreaker;
  private direct: { scans: RawScan[]; done: (outcome: RecordOutcome) => void }[] = [];
  /** Appends of the direct path in flight (at most MAX_DIRECT_IN_FLIGHT). */
  private directRunning = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
    @Inject(ENV) env: Pick<Env, 'SCAN_REDIS_BREAK_MS'>,
  ) {
    this.breaker = new RedisBreaker(env.SCAN_REDIS_BREAK_MS);
  }

  /** The direct path enriches scans in this process (any role): the country database is read now, not on a scan. */
  onApplicationBootstrap(): void {
    loadCountryLookup();
  }

  /** Scans written to the event store directly since start (Redis was failing). */
  get fallbackCount(): number {
    return this.fallbacks;
  }

  record(scan: RawScan): Promise<RecordOutcome> {
    return new Promise((done) => {
      if (this.waiting.push({ scan, done }) === 1) setImmediate(this.flush);
    });
  }

  private readonly flush = (): void => {
    const waiting = this.waiting;
    this.waiting = [];
    for (let at = 0; at < waiting.length; at += MAX_BATCH) {
      const batch = waiting.slice(at, at + MAX_BATCH);
      const direct = () =>
        void this.storeDirectly(batch.map(({ scan }) => scan)).then((outcome) => batch.forEach(({ done }) => done(outcome)));
      if (!this.breaker.tryRedis()) {
        direct();
        continue;
      }
      this.write(batch.map(({ scan }) => packScan(scan))).then(
        () => {
          this.breaker.succeeded();
          batch.forEach(({ done }) => done('buffered'));
        },
        () => {
          this.breaker.failed();
          direct();
        },
      );
    }
  };

  /**
   * One EVAL for the batch. A Redis that refuses scripts (an ACL without @scripting, a proxy without EVAL) is
   * remembered, and its batches go as one auto-pipelined XADD per scan instead, still before the answers leave.
   */
  private async write(payloads: string[]): Promise<void> {
    if (!this.scriptsRefused) {
      try {
        const added = await this.redis.eval(XADD_BATCH, 1, this.keys.stream, ...payloads);
        if (added !== payloads.length) throw new Error(`Redis added ${String(added)} of ${payloads.length} scans`);
        return;
      } catch (error) {
        if (!SCRIPTS_REFUSED.test((error as Error).message)) throw error;
        this.scriptsRefused = true;
        this.logger.warn({ msg: 'Redis refuses EVAL: scans are written with one XADD each', error: (error as Error).message });
      }
    }
    await Promise.all(payloads.map((payload) => this.redis.xadd(this.keys.stream, '*', 's1', payload)));
  }

  /**
   * Redis failed: the batch's scans as Scanned events straight to the event store, in one transaction. When that
   * fails too (PostgreSQL restarting while Redis was only slow for a moment), Redis is asked again, and so on with a
   * short back-off: whichever takes them first keeps them (the same ids, so a copy in both is stored once). Lost only
   * when both stay down for the whole back-off.
   */
  private storeDirectly(scans: RawScan[]): Promise<RecordOutcome> {
    return new Promise((done) => {
      this.direct.push({ scans, done });
      this.pumpDirect();
    });
  }

  /**
   * The direct path's group commit: an append carries every scan that arrived while the ones before it ran (up to
   * MAX_DIRECT_GROUP), with at most MAX_DIRECT_IN_FLIGHT appends at a time. One at a time left the scans of a frozen
   * Redis waiting on each append's five round trips in turn (bench/redirect (d): about 6% of (b)); a few in flight
   * overlap their round trips, and those on one code's stream queue on its row lock inside PostgreSQL, not here.
   */
  private pumpDirect(): void {
    while (this.direct.length > 0 && this.directRunning < MAX_DIRECT_IN_FLIGHT) {
      let count = 0;
      let take = 0;
      while (take < this.direct.length && (take === 0 || count + this.direct[take].scans.length <= MAX_DIRECT_GROUP))
        count += this.direct[take++].scans.length;
      const group = this.direct.splice(0, take);
      const scans = group.flatMap((entry) => entry.scans);
      this.directRunning += 1;
      void this.storeGroup(scans)
        .catch((error: Error): RecordOutcome => {
          this.logger.error({
            msg: 'scans lost: storing them directly failed',
            scanIds: scans.map((scan) => scan.id),
            error: error.message,
          });
          return 'lost';
        })
        .then((outcome) => {
          this.directRunning -= 1;
          for (const { done } of group) done(outcome);
          this.pumpDirect();
        });
    }
  }

  private async storeGroup(scans: RawScan[]): Promise<RecordOutcome> {
    const events = scans.map((scan): [string, NewEvent<Scanned>] => [scanStream(scan.qrId), scannedEvent(enrichScan(scan), scan.tenantId)]);
    let payloads: string[] | null = null;
    let failure: unknown;
    for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(100 * 2 ** (attempt - 1));
      try {
        await appendNewScans(this.store, events);
        this.fallbacks += scans.length;
        return 'stored';
      } catch (error) {
        failure = error;
      }
      try {
        await this.write((payloads ??= scans.map(packScan)));
        return 'buffered';
      } catch (error) {
        failure = error;
      }
    }
    this.logger.error({
      msg: 'scans lost: Redis and the event store both failed',
      scanIds: scans.map((scan) => scan.id),
      error: (failure as Error).message,
    });
    return 'lost';
  }
}
