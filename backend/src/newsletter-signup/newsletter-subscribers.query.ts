import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
}

/**
 * The same question set-based, as an SQL fragment newsletter-signup builds and owns (only this folder names
 * `newsletter_subscriptions`): the tenant's confirmed subscribers (`email`), for campaigns' newsletter audience, which
 * the mail dispatcher expands in one INSERT … SELECT. `tenant` is the caller's placeholder for the tenant id.
 */
export const confirmedSubscribersSql = (tenant: string): string =>
  `SELECT email FROM newsletter_subscriptions WHERE client_id = ${tenant} AND NOT is_deleted AND confirmed_at IS NOT NULL`;
