import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import Redis from 'ioredis';
import { DuplicateEventIdError, type EventStore, type NewEvent, type StreamAppend } from '../event-store/event-store';
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

/** XADDs every argument as one entry's `s1` field, in one atomic call; answers how many it added. */
const XADD_BATCH = `for i = 1, #ARGV do redis.call('XADD', KEYS[1], '*', 's1', ARGV[i]) end return #ARGV`;
const MAX_BATCH = 500;
/** Rounds of event store then Redis before a scan is given up: 100 + 200 + 400 + 800 + 1600 ms of back-off between them. */
const STORE_ATTEMPTS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Errors that say scripting is not allowed here, as opposed to Redis being slow or gone. */
const SCRIPTS_REFUSED = /NOPERM|unknown command|not allowed|disabled/i;

interface Waiting {
  scan: RawScan;
  done: (outcome: RecordOutcome) => void;
}

/**
 * Writes a scan before its answer leaves. The scans of one turn of the event loop go to the Redis stream in one
 * EVAL (one command, one timer and one reply for up to 500 scans, instead of one XADD each). When Redis fails or
 * times out, those scans go straight to the event store as Scanned events with the same ids; should Redis have
 * taken them after all, the ingester's append of those ids is a no-op.
 */
@Injectable()
export class ScanRecorder implements OnApplicationBootstrap {
  private readonly logger = new Logger('ScanRecorder');
  private fallbacks = 0;
  private waiting: Waiting[] = [];
  private scriptsRefused = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {}

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
      const payloads = batch.map(({ scan }) => packScan(scan));
      this.write(payloads).then(
        () => batch.forEach(({ done }) => done('buffered')),
        () => void this.storeDirectly(batch.map(({ scan }) => scan)).then((outcome) => batch.forEach(({ done }) => done(outcome))),
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
  private async storeDirectly(scans: RawScan[]): Promise<RecordOutcome> {
    const events = scans.map((scan): [string, NewEvent<Scanned>] => [scanStream(scan.qrId), scannedEvent(enrichScan(scan), scan.tenantId)]);
    let payloads: string[] | null = null;
    let failure: unknown;
    for (let attempt = 0; attempt < STORE_ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(100 * 2 ** (attempt - 1));
      try {
        await appendScans(this.store, events);
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
