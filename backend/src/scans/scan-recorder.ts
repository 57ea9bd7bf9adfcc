import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { EventStore, NewEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { REDIS } from '../redis/redis.module';
import { enrichScan } from './scan-enrich';
import { ScanKeys, SCAN_KEYS } from './scan-keys';
import { RawScan, rawScanToFields, SCANNED, Scanned, scanStream } from './scan.events';

export type RecordOutcome = 'buffered' | 'stored' | 'lost';

export function scannedEvent(scan: Scanned, tenantId: number): NewEvent<Scanned> {
  return {
    id: scan.scanId,
    type: SCANNED,
    data: scan,
    metadata: { tenantId, actorId: 'anonymous', correlationId: scan.scanId, causationId: null, occurredAt: scan.scannedAt, schemaVersion: 1 },
  };
}

/** XADDs every argument as one entry's `s1` field, in one atomic call; answers how many it added. */
const XADD_BATCH = `for i = 1, #ARGV do redis.call('XADD', KEYS[1], '*', 's1', ARGV[i]) end return #ARGV`;
const MAX_BATCH = 500;

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
export class ScanRecorder {
  private readonly logger = new Logger('ScanRecorder');
  private fallbacks = 0;
  private waiting: Waiting[] = [];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {}

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
      const payloads = batch.map(({ scan }) => rawScanToFields(scan)[1]);
      this.redis.eval(XADD_BATCH, 1, this.keys.stream, ...payloads).then(
        (added) => {
          if (added !== batch.length) throw new Error(`Redis added ${String(added)} of ${batch.length} scans`);
          for (const { done } of batch) done('buffered');
        },
      ).catch(() => {
        for (const { scan, done } of batch) void this.storeDirectly(scan).then(done);
      });
    }
  };

  private async storeDirectly(scan: RawScan): Promise<RecordOutcome> {
    const event = scannedEvent(enrichScan(scan), scan.tenantId);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.store.append(scanStream(scan.qrId), [event], { expectedRevision: 'any' });
        this.fallbacks += 1;
        return 'stored';
      } catch (error) {
        if (attempt === 2) this.logger.error({ msg: 'scan lost: Redis and the event store both failed', scanId: scan.id, error: (error as Error).message });
      }
    }
    return 'lost';
  }
}
