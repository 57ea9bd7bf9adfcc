import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * mail's query port: what other features may ask about the sent ledger, so that none of them reads `mail_ledger`
 * itself. Needs only the DataSource, so an asking module provides it itself. The staff console's home asks it.
 */
@Injectable()
export class MailLedgerQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** Mails recorded and not yet sent (ledger rows pending or sending), of one tenant or (`tenant` null) every tenant. */
  async queuedCount(tenant: number | null): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM mail_ledger WHERE status IN ('pending', 'sending') AND ($1::int IS NULL OR client_id = $1)`,
      [tenant],
    )) as { n: number }[];
    return row?.n ?? 0;
  }
}
