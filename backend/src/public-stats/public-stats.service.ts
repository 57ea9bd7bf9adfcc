import { Injectable } from '@nestjs/common';
import { QR_TYPES } from '@qrsharks/qr-core';
import { PublicTotalsService } from '../analytics';
import type { PublicStats } from './public-stats.answers';

/** How long a tenant's figures are reused before the read model is asked again. */
export const PUBLIC_STATS_TTL_MS = 60_000;

/**
 * The public site's figures, from the analytics read model, cached per tenant for a minute in this process: a busy
 * landing page costs the database one query a minute. Concurrent misses share one query.
 */
@Injectable()
export class PublicStatsService {
  private readonly cache = new Map<number, { at: number; value: Promise<PublicStats> }>();

  constructor(private readonly totals: PublicTotalsService) {}

  stats(tenantId: number, now = Date.now()): Promise<PublicStats> {
    const hit = this.cache.get(tenantId);
    if (hit && now - hit.at < PUBLIC_STATS_TTL_MS) return hit.value;
    const value = this.totals.totals(tenantId).then((totals) => ({ ...totals, contentTypes: QR_TYPES.length }));
    // A failed read is not cached: the next request asks again.
    value.catch(() => this.cache.delete(tenantId));
    this.cache.set(tenantId, { at: now, value });
    return value;
  }
}
