import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SubscribersQuery } from './newsletter-signup.schemas';

export type SubscriberStatus = 'confirmed' | 'unconfirmed' | 'unsubscribed';

/** One row of the staff console's subscriber list and CSV. */
export interface SubscriberRow {
  id: string;
  clientId: number;
  email: string;
  status: SubscriberStatus;
  subscribedAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

/** The CSV export's cap, as the audit log's. */
export const SUBSCRIBERS_CSV_MAX_ROWS = 50_000;

const STATUS_SQL = "CASE WHEN is_deleted THEN 'unsubscribed' WHEN confirmed_at IS NULL THEN 'unconfirmed' ELSE 'confirmed' END";
const STATUS_WHERE: Record<SubscriberStatus, string> = {
  confirmed: 'NOT is_deleted AND confirmed_at IS NOT NULL',
  unconfirmed: 'NOT is_deleted AND confirmed_at IS NULL',
  unsubscribed: 'is_deleted',
};
const SORT: Record<SubscribersQuery['sort']['field'], string> = { subscribedAt: 'subscribed_at', email: 'email', id: 'id' };
const COLUMNS =
  `id, client_id AS "clientId", email, ${STATUS_SQL} AS status, subscribed_at AS "subscribedAt", confirmed_at AS "confirmedAt", ` +
  'CASE WHEN is_deleted THEN deleted_at END AS "unsubscribedAt"';

/**
 * newsletter-signup's query port (issue 29 item 1): what other features may ask about subscribers, so that none of
 * them reads `newsletter_subscriptions` itself. Mail asks it before sending a newsletter.
 */
@Injectable()
export class NewsletterSubscribersQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** True when `email` (any case, surrounding blanks ignored) is a confirmed, not unsubscribed, subscriber of the tenant. */
  async isConfirmedSubscriber(tenantId: number, email: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM newsletter_subscriptions WHERE client_id = $1 AND email = $2 AND NOT is_deleted AND confirmed_at IS NOT NULL`,
      [tenantId, email.trim().toLowerCase()],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * The staff console's subscriber list (react-admin's dialect): `q` on the email, `status`, sorted, one page, with
   * the total. `tenant` is the caller's reach: null for every tenant, else one.
   */
  async list(query: SubscribersQuery, tenant: number | null): Promise<{ rows: SubscriberRow[]; total: number }> {
    const { where, params } = this.where(query.filter, tenant);
    const order = `${SORT[query.sort.field]} ${query.sort.order}, id`;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM newsletter_subscriptions ${where}
         ORDER BY ${order} LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
        params,
      ) as Promise<SubscriberRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM newsletter_subscriptions ${where}`, params) as Promise<{ total: number }[]>,
    ]);
    return { rows, total };
  }

  /** The same rows, filtered and sorted alike, for the CSV export (up to SUBSCRIBERS_CSV_MAX_ROWS). */
  async forCsv(query: Pick<SubscribersQuery, 'filter' | 'sort'>, tenant: number | null): Promise<SubscriberRow[]> {
    const { where, params } = this.where(query.filter, tenant);
    return (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM newsletter_subscriptions ${where}
       ORDER BY ${SORT[query.sort.field]} ${query.sort.order}, id LIMIT ${SUBSCRIBERS_CSV_MAX_ROWS}`,
      params,
    )) as SubscriberRow[];
  }

  private where(filter: SubscribersQuery['filter'], tenant: number | null): { where: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (tenant !== null) {
      params.push(tenant);
      clauses.push(`client_id = $${params.length}`);
    }
    if (filter.id) {
      params.push(filter.id);
      clauses.push(`id = ANY($${params.length}::uuid[])`);
    }
    if (filter.q) {
      params.push(`%${filter.q.replace(/[\\%_]/g, '\\$&')}%`);
      clauses.push(`email ILIKE $${params.length}`);
    }
    if (filter.status) clauses.push(STATUS_WHERE[filter.status]);
    return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }
}

/**
 * The same question set-based, as an SQL fragment newsletter-signup builds and owns (only this folder names
 * `newsletter_subscriptions`): the tenant's confirmed subscribers (`email`), for campaigns' newsletter audience, which
 * the mail dispatcher expands in one INSERT … SELECT. `tenant` is the caller's placeholder for the tenant id.
 */
export const confirmedSubscribersSql = (tenant: string): string =>
  `SELECT email FROM newsletter_subscriptions WHERE client_id = ${tenant} AND NOT is_deleted AND confirmed_at IS NOT NULL`;
