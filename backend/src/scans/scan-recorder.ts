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

/**
 * Writes a scan before its answer leaves: XADD to the Redis stream (auto-pipelined, so concurrent scans share
 * round trips). When Redis fails or times out, the scan goes straight to the event store as a Scanned event
 * with the same id; should Redis have taken it after all, the ingester's append of that id is a no-op.
 */
@Injectable()
export class ScanRecorder {
  private readonly logger = new Logger('ScanRecorder');
  private fallbacks = 0;

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
    return this.redis.xadd(this.keys.stream, '*', ...rawScanToFields(scan)).then(
      () => 'buffered' as const,
      () => this.storeDirectly(scan),
    );
  }

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
