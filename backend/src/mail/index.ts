/**
 * The mail feature's front door: the queue (failed jobs for the staff console), the dispatcher and the ledger's query
 * port. It has no events of its own: it turns other features' events into mails (mail-plans.ts) and records each in
 * the sent ledger.
 */
export { MailQueue, type FailedMailJob } from './mail-queue';
export { MailDispatcher } from './mail-dispatcher';
export { MAIL_KINDS, type MailKind } from './mail-plans';
/** The sent ledger's figures (mails queued) for the staff console's home. */
export { MailLedgerQuery, type MailExport } from './mail-ledger.query';
/** Retention (issue 32 item 4): the ledger's cutoff events and the worker's job that appends them. */
export { MAIL_RECIPIENTS_EXPIRED, MAIL_RETENTION_STREAM, MailRetention, type MailRecipientsExpired } from './mail-retention';
