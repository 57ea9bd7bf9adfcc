import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { CodesQueryService } from '../codes';

export interface CodePayments {
  qrId: string;
  currency: string;
  /** Succeeded payments only; cents. */
  totalRevenue: number;
  paymentCount: number;
  /** Per UTC day with at least one succeeded payment, oldest first. */
  days: Array<{ day: string; payments: number; revenue: number }>;
  /** The latest 100 payments, failed ones included, newest first. */
  payments: Array<{ id: string; amount: number; currency: string; status: string; at: string; failureMessage: string | null }>;
}

/** Reads of the payments read model: a payment code's payments and revenue per day (its owner and staff only). */
@Injectable()
export class PaymentsQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly codes: CodesQueryService,
  ) {}

  async codePayments(user: AuthUser, qrId: string): Promise<CodePayments> {
    const code = await this.codes.readable(user, qrId, false);
    const tenantId = code.state.tenantId;
    const days: Array<{ day: string; payments: number; revenue: number; currency: string }> = await this.dataSource.query(
      `SELECT to_char(date_trunc('day', paid_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS payments,
              sum(amount)::int AS revenue, min(currency) AS currency
       FROM payments WHERE client_id = $1 AND qr_id = $2 AND status = 'succeeded' GROUP BY 1 ORDER BY 1`,
      [tenantId, qrId],
    );
    const rows: Array<{ id: string; amount: number; currency: string; status: string; paid_at: Date; failure_message: string | null }> =
      await this.dataSource.query(
        `SELECT id, amount, currency, status, paid_at, failure_message FROM payments WHERE client_id = $1 AND qr_id = $2
         ORDER BY paid_at DESC, id LIMIT 100`,
        [tenantId, qrId],
      );
    return {
      qrId,
      currency: days[0]?.currency ?? 'usd',
      totalRevenue: days.reduce((sum, day) => sum + day.revenue, 0),
      paymentCount: days.reduce((sum, day) => sum + day.payments, 0),
      days: days.map(({ day, payments, revenue }) => ({ day, payments, revenue })),
      payments: rows.map((row) => ({
        id: row.id,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        at: new Date(row.paid_at).toISOString(),
        failureMessage: row.failure_message,
      })),
    };
  }

  /**
   * The payments part of a person's data export (issue 32 item 3): every payment their codes received, failed ones
   * included, oldest first, read a page at a time. The payer's address is not in the read model and not exported.
   */
  async *exportFor(user: AuthUser, pageSize = 500): AsyncGenerator<PaymentExport> {
    // The cursor is the timestamp as PostgreSQL prints it (microseconds): a Date would drop them and repeat rows.
    let after: { paidAt: string; id: string } | null = null;
    for (;;) {
      const rows: PaymentRow[] = await this.dataSource.query(
        `SELECT id, qr_id, amount, currency, status, paid_at, paid_at::text AS cursor, failure_message FROM payments
         WHERE client_id = $1 AND owner_id = $2 AND ($3::timestamptz IS NULL OR (paid_at, id) > ($3, $4))
         ORDER BY paid_at, id LIMIT $5`,
        [user.tenantId, user.id, after?.paidAt ?? null, after?.id ?? '', pageSize],
      );
      for (const row of rows)
        yield {
          id: row.id,
          qrId: row.qr_id,
          amount: row.amount,
          currency: row.currency,
          status: row.status,
          at: new Date(row.paid_at).toISOString(),
          failureMessage: row.failure_message,
        };
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { paidAt: last.cursor, id: last.id };
    }
  }
}

interface PaymentRow {
  id: string;
  qr_id: string;
  amount: number;
  currency: string;
  status: string;
  paid_at: Date;
  cursor: string;
  failure_message: string | null;
}

/** One payment in a person's data export. */
export interface PaymentExport {
  id: string;
  qrId: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: string;
  at: string;
  failureMessage: string | null;
}
