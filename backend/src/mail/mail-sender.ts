import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsService, signResetToken, signVerificationToken } from '../accounts';
import { CodesQueryService } from '../codes';
import { ENV, Env } from '../config/env';
import { confirmToken, NewsletterSubscribersQuery, unsubscribeToken } from '../newsletter-signup';
import { TenantsService } from '../tenants';
import { brandOf, mailContent } from './mail-content';
import { headerSafe } from './mail-headers';
import type { MailStatus } from './mail-ledger.entity';
import type { MailKind } from './mail-plans';
import { MailTransport } from './mail-transport';

interface LedgerRow {
  key: string;
  client_id: number;
  kind: MailKind;
  recipient: string;
  data: Record<string, unknown>;
  status: MailStatus;
  attempts: number;
  message_id: string;
}

export type SendOutcome = 'sent' | 'already-sent' | 'skipped' | 'unknown';

/**
 * Sends one ledger row. Order: mark 'sending' (attempts + 1; an attempt that finds the row still 'sending' counts one
 * `interrupted`), send, mark 'sent'. A sent or skipped row is never sent again, whatever redelivers its job. A crash
 * between the SMTP server's acceptance and the mark is the one way to a duplicate (docs/decisions.md).
 */
@Injectable()
export class MailSender {
  private readonly logger = new Logger('MailSender');

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: MailTransport,
    private readonly accounts: AccountsService,
    private readonly tenants: TenantsService,
    private readonly subscribers: NewsletterSubscribersQuery,
    private readonly codes: CodesQueryService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async send(key: string, job: { attempt: number; last: boolean }): Promise<SendOutcome> {
    const [[row]] = (await this.dataSource.query(
      `UPDATE mail_ledger SET status = 'sending', attempts = attempts + 1,
         interrupted = interrupted + CASE WHEN status = 'sending' THEN 1 ELSE 0 END, updated_at = now()
       WHERE key = $1 AND status IN ('pending', 'sending', 'failed')
       RETURNING key, client_id, kind, recipient, data, status, attempts, message_id`,
      [key],
    )) as [LedgerRow[], number];
    if (!row) {
      const [known] = (await this.dataSource.query('SELECT status FROM mail_ledger WHERE key = $1', [key])) as { status: MailStatus }[];
      return known?.status === 'sent' ? 'already-sent' : known ? 'skipped' : 'unknown';
    }
    let accepted = false;
    try {
      const to = await this.recipient(row);
      if (!to) {
        await this.mark(key, 'skipped', null);
        return 'skipped';
      }
      const config = await this.tenants.config(row.client_id);
      const { origin } = await this.tenants.brand(row.client_id);
      const brand = brandOf(config, origin);
      const links = this.links(row, origin, to.address);
      const content = mailContent(row.kind, brand, await this.withCodeNames(row), links);
      const isContactSupport = row.kind === 'contact-support';
      await this.transport.send({
        key,
        kind: row.kind,
        to,
        replyTo: isContactSupport ? { name: headerSafe(row.data.name, 100), address: String(row.data.email) } : undefined,
        subject: content.subject,
        template: row.kind,
        context: content.context,
        text: content.text,
        messageId: row.message_id,
        attempt: row.attempts,
        headers: links.oneClick
          ? { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : undefined,
      });
      accepted = true;
      await this.markSent(key);
      return 'sent';
    } catch (error) {
      // Accepted but not marked (the database failed us): the row stays 'sending', so the next attempt counts the
      // duplicate it is about to send as what it is, a crash inside the acceptance window.
      if (accepted) throw error;
      const message = (error as Error).message;
      await this.mark(key, job.last ? 'failed' : 'pending', message).catch(() => undefined);
      if (job.last) this.logger.error(`Mail ${key} failed for good: ${message}`);
      throw error;
    }
  }

  /** After the acceptance, the mark is worth a few tries: each failure here is a duplicate later. */
  private async markSent(key: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.mark(key, 'sent', null);
      } catch (error) {
        if (attempt >= 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  private async mark(key: string, status: MailStatus, error: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_ledger SET status = $2::varchar, last_error = $3::text, updated_at = now(),
         sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE sent_at END WHERE key = $1`,
      [key, status, error],
    );
  }

  /** The address (and name) to send to; null: nobody to mail any more (a deleted account, a trial that became a plan). */
  private async recipient(row: LedgerRow): Promise<{ name: string; address: string } | null> {
    if (!row.recipient.startsWith('user:')) {
      // A newsletter goes to a confirmed subscriber only: one who unsubscribed after the campaign started is skipped.
      if (row.kind === 'newsletter' && !(await this.subscribers.isConfirmedSubscriber(row.client_id, row.recipient))) return null;
      const name =
        row.kind === 'contact-ack' ? headerSafe(row.data.name, 100) : row.kind === 'welcome' ? headerSafe(row.data.firstName, 100) : '';
      return { name, address: row.recipient };
    }
    const user = await this.accounts.findById(row.client_id, row.recipient.slice('user:'.length));
    // The users read model lags the dispatcher at most briefly: retry (Bull's backoff) rather than drop the mail.
    if (!user) throw new Error('The recipient is not in the users read model yet');
    if (user.isDeleted) return null;
    if (row.kind === 'trial-ending' && user.subscriptionStatus === 'active') return null;
    return { name: headerSafe([user.firstName, user.lastName].filter(Boolean).join(' '), 100), address: user.email || user.username };
  }

  /**
   * The reports that list codes name each by its one display name, asked of codes' query port when the mail is made
   * (the ledger row keeps only the id and the owner's name or short code, the fallback for a code since deleted).
   */
  private async withCodeNames(row: LedgerRow): Promise<Record<string, unknown>> {
    if (row.kind !== 'scan-report' && row.kind !== 'pause-report') return row.data;
    const codes = Array.isArray(row.data.codes) ? (row.data.codes as Record<string, unknown>[]) : [];
    const ids = codes.map((code) => code.id).filter((id): id is string => typeof id === 'string');
    const names = await this.codes.dynamicDisplayNames(row.client_id, ids);
    return { ...row.data, codes: codes.map((code) => ({ ...code, name: names.get(String(code.id)) ?? code.name })) };
  }

  private links(row: LedgerRow, origin: string, address: string): Record<string, string> {
    const links: Record<string, string> = {
      dashboard: `${origin}/dashboard`,
      payments: `${origin}/dashboard/payments`,
      subscription: `${origin}/subscribe`,
      home: origin,
    };
    if (row.kind === 'password-reset') {
      const data = row.data as { userId: string; requestId: string; authVersion: number; expiresAt: string };
      const token = signResetToken(this.env.SESSION_SECRET, data);
      links.reset = `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
    }
    const secret = this.env.SESSION_SECRET;
    const verify = row.data.verify as { userId: string; requestId: string; expiresAt: string } | undefined;
    if ((row.kind === 'welcome' || row.kind === 'email-verification') && verify) {
      links.verify = `${origin}/auth/verify-email?token=${encodeURIComponent(signVerificationToken(secret, verify))}`;
    }
    if (row.kind === 'password-removed' || row.kind === 'sign-in-method-added') {
      links.forgot = `${origin}/auth/forgot-password`;
      links.account = `${origin}/account-settings`;
    }
    if (row.kind === 'newsletter') {
      // RFC 8058: the header's URL takes a POST without sign-in; the page behind the body's link asks before it posts.
      const token = encodeURIComponent(unsubscribeToken(secret, row.client_id, address));
      links.unsubscribe = `${origin}/newsletter/unsubscribe?token=${token}`;
      links.oneClick = `${origin}/api/newsletter/unsubscribe?token=${token}`;
    }
    if (row.kind === 'newsletter-confirm') {
      const token = confirmToken(secret, row.client_id, address, String(row.data.subscriptionId));
      links.confirm = `${origin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
    }
    if (row.kind === 'pause-report') links.paused = `${origin}/dashboard/paused`;
    return links;
  }
}
