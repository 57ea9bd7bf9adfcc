import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A tenant's product-wide totals, from the analytics read model (no user's data, only counts). */
export interface PublicTotals {
  /** Generations recorded (POST /api/track-generation, signed in or not). */
  codesGenerated: number;
  /** Scans of the tenant's dynamic codes, bots left out (scan_totals.scans). */
  scansRecorded: number;
}

/** The totals the public site states (issue 15: every figure from the data). */
@Injectable()
export class PublicTotalsService {
  constructor(private readonly dataSource: DataSource) {}

  async totals(tenantId: number): Promise<PublicTotals> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT count(*) FROM qr_generations WHERE client_id = $1)::bigint AS generated,
              (SELECT coalesce(sum(scans), 0) FROM scan_totals WHERE client_id = $1)::bigint AS scans`,
      [tenantId],
    )) as { generated: string; scans: string }[];
    return { codesGenerated: Number(row?.generated ?? 0), scansRecorded: Number(row?.scans ?? 0) };
  }
}
