import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { HumanScanCount } from '../codes';
import { REDIS } from '../redis/redis.module';
import { ScanKeys, SCAN_KEYS } from './scan-keys';

/**
 * The cap of human scans of a code with `limits.maxScans` (issue 33): one Redis counter per code, shared by every API
 * process. A human scan takes a number (INCR: atomic, so concurrent scans never share one and the count is exact);
 * a bot or link preview only reads it (it is routed as a person would be, and never uses up the cap). Codes without a
 * cap never come here. When Redis cannot answer, the caller answers 503 rather than risk a scan over the cap.
 */
@Injectable()
export class ScanCaps extends HumanScanCount {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {
    super();
  }

  /** The count as it stands (codes' HumanScanCount port: simulate asks it, as the redirect would before a bot's scan). */
  async of(qrId: string): Promise<number> {
    return Number((await this.redis.get(this.keys.humanScans(qrId))) ?? 0);
  }

  /** Human scans counted before this one, for a human scan (which is counted now) or a bot's (which is not). */
  async before(qrId: string, human: boolean): Promise<number> {
    const key = this.keys.humanScans(qrId);
    if (human) return (await this.redis.incr(key)) - 1;
    return this.of(qrId);
  }
}
