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

  /**
   * The mails part of a person's data export (issue 32 item 3): every ledger row addressed to them (their address, or
   * `user:{id}` for mails whose address is read when sent), oldest first, a page at a time. The template data is left
   * out: it holds links with tokens (a password reset) that must not outlive the mail.
   */
  async *exportFor(person: { tenantId: number; id: string; email: string }, pageSize = 500): AsyncGenerator<MailExport> {
    // The cursor is the timestamp as PostgreSQL prints it (microseconds): a Date would drop them and repeat rows.
    let after: { createdAt: string; key: string } | null = null;
    for (;;) {
      const rows = (await this.dataSource.query(
        `SELECT key, kind, status, recipient, created_at, created_at::text AS cursor, send_after, sent_at FROM mail_ledger
         WHERE client_id = $1 AND (lower(recipient) = lower($2) OR recipient = $3)
           AND ($4::timestamptz IS NULL OR (created_at, key) > ($4, $5))
         ORDER BY created_at, key LIMIT $6`,
        [person.tenantId, person.email, `user:${person.id}`, after?.createdAt ?? null, after?.key ?? '', pageSize],
      )) as {
        key: string;
        kind: string;
        status: string;
        recipient: string;
        created_at: Date;
        cursor: string;
        send_after: Date;
        sent_at: Date | null;
      }[];
      for (const row of rows)
        yield {
          kind: row.kind,
          status: row.status,
          to: row.recipient.startsWith('user:') ? person.email : row.recipient,
          recordedAt: row.created_at.toISOString(),
          sendAfter: row.send_after.toISOString(),
          sentAt: row.sent_at ? row.sent_at.toISOString() : null,
        };
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.cursor, key: last.key };
    }
  }
}

/** One mail of the sent ledger in a person's data export. */
export interface MailExport {
  kind: string;
  status: string;
  to: string;
  recordedAt: string;
  sendAfter: string;
  sentAt: string | null;
}
