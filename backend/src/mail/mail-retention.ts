import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RetentionJob, type RetentionCutoff } from '../command-pipeline/retention';
import type { Env } from '../config/env';
import { eventCatalogue } from '../event-store/typed-events';

/**
 * Issue 32 item 4: the ledger rows of mails due before the UTC day `before` ('YYYY-MM-DD') have lost their recipient.
 * On the stream `retention-mail-recipients`, appended by the worker's MailRetention; the mail dispatcher applies it in
 * its batch's transaction (expireLedger). Rows are picked by `send_after` (the event's time, or the later time a
 * reminder was due), which a replay records again the same: replayed, the dispatcher expires exactly those rows again.
 */
export type MailRecipientsExpired = RetentionCutoff;
export const MAIL_RECIPIENTS_EXPIRED = 'MailRecipientsExpired';
export const MAIL_RETENTION_STREAM = 'retention-mail-recipients';
export const MAIL_RETENTION_EVENTS = eventCatalogue<{ MailRecipientsExpired: MailRecipientsExpired }>({ MailRecipientsExpired: true });

/** What an expired row's recipient reads as (a `user:{id}` recipient names an id, and stays). */
export const EXPIRED_RECIPIENT = '(expired)';

const sha256Hex = (column: string) => `encode(sha256(convert_to(${column}, 'UTF8')), 'hex')`;
/**
 * SQL: the key an expired row has instead of one made from an address, `expired:{sha256 of the key}`. Derived, not
 * random, so the dispatcher, replaying the mail's event, finds the row by it and records nothing twice (record). The
 * hash names no one; checking a guessed address against it needs the event id, from events that still hold the
 * address sealed with the person's live key anyway.
 */
export const expiredKey = (column: string) => `'expired:' || ${sha256Hex(column)}`;

/**
 * The rows due before the cutoff that still name someone lose the address (a `user:{id}` recipient stays), their
 * template data and last error; a key or Message-ID made from an address is replaced by one derived from its hash
 * (expiredKey), and a mail never sent by then is skipped. Resolves to how many rows it expired.
 */
export async function expireLedger({ before }: MailRecipientsExpired, tx: EntityManager): Promise<number> {
  const [, count] = (await tx.query(
    `UPDATE mail_ledger SET
       key = CASE WHEN strpos(key, '@') > 0 THEN ${expiredKey('key')} ELSE key END,
       message_id = CASE WHEN strpos(key, '@') > 0 THEN '<expired-' || left(${sha256Hex('key')}, 32) || '@expired.invalid>'
         ELSE message_id END,
       recipient = CASE WHEN strpos(recipient, '@') > 0 THEN $2 ELSE recipient END,
       data = '{}', last_error = NULL, updated_at = now(),
       status = CASE WHEN status IN ('pending', 'sending', 'failed') THEN 'skipped' ELSE status END
     WHERE send_after < $1::date
       AND (strpos(recipient, '@') > 0 OR strpos(key, '@') > 0 OR data <> '{}'::jsonb OR last_error IS NOT NULL
         OR status IN ('pending', 'sending', 'failed'))`,
    [before, EXPIRED_RECIPIENT],
  )) as [unknown, number];
  return count;
}

/** The worker's job: records the cutoff MAIL_RECIPIENT_RETENTION_DAYS gives, once per new day (RetentionJob). */
@Injectable()
export class MailRetention extends RetentionJob {
  protected readonly policy = {
    name: 'MailRetention',
    stream: MAIL_RETENTION_STREAM,
    type: MAIL_RECIPIENTS_EXPIRED,
    days: (env: Env) => env.MAIL_RECIPIENT_RETENTION_DAYS,
  };
}
