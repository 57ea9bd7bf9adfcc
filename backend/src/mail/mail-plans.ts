import { createHash } from 'node:crypto';
import { USER_STREAM_EVENTS } from '../accounts';
import { CAMPAIGN_EVENTS } from '../campaigns';
import { CONTACT_EVENTS } from '../contact';
import { NEWSLETTER_EVENTS } from '../newsletter-signup';
import { PAYMENT_EVENTS } from '../payments';
import { WEBHOOK_EVENTS } from '../webhooks';
import type { RecordedEvent } from '../event-store/event-store';

/** Every mail the product sends; the template of each is `templates/{kind}.html.hbs` and `{kind}.text.hbs`. */
export const MAIL_KINDS = [
  'welcome',
  'contact-support',
  'contact-ack',
  'password-reset',
  'payment-receipt',
  'payment-received',
  'subscription-changed',
  'trial-ending',
  // Issue 22: the newsletter's double opt-in, and campaigns (expanded by campaign-expansion.ts, not planned here).
  'newsletter-confirm',
  'newsletter',
  'scan-report',
  'pause-report',
  // Issue 27: the address's verification link (resends; the first one is in the welcome mail), and the account mails
  // about its sign-in methods.
  'email-verification',
  'sign-in-method-added',
  'password-removed',
  // Issue 34: a webhook whose endpoint failed every retry was disabled (to its owner).
  'webhook-disabled',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A mail decided from an event, before it is recorded in the ledger. */
export interface PlannedMail {
  key: string;
  kind: MailKind;
  tenantId: number;
  sourceId: string;
  /** An address, or `user:{id}` (the address is read from the users read model when the mail is sent). */
  recipient: string;
  data: Record<string, unknown>;
  sendAfter: Date;
  /** Recorded but never sent: the event is too old to mail about now (a first start on old events). */
  skip: boolean;
  messageId: string;
}

/** The events that cause mails (planMails) or campaigns' mails (campaign-expansion.ts), with their owners' types. */
const MAILED_EVENTS = USER_STREAM_EVENTS.pick(
  'UserRegistered',
  'PasswordResetRequested',
  'SubscriptionStatusChanged',
  'TrialActivated',
  'EmailVerificationRequested',
  'UserSignedInWithGoogle',
  'PasswordChanged',
  'PasswordRemoved',
)
  .and(CONTACT_EVENTS)
  .and(PAYMENT_EVENTS.pick('PaymentSucceeded'))
  .and(NEWSLETTER_EVENTS.pick('NewsletterSubscribed'))
  .and(WEBHOOK_EVENTS.pick('WebhookDisabled'));

export const MAIL_EVENT_TYPES = MAILED_EVENTS.and(CAMPAIGN_EVENTS).types;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Mails about events older than this are recorded as skipped: a first start on an old store must not mail everyone. */
export const MAIL_MAX_AGE_MS = DAY_MS;

export interface PlanContext {
  supportEmail: string;
  now: Date;
}

/** The ledger key (and Bull job id): the source, the recipient and the kind. Bull refuses ':' nowhere; spaces are removed. */
export function mailKey(sourceId: string, recipient: string, kind: MailKind): string {
  return `event:${sourceId}:${recipient.trim().toLowerCase()}:${kind}`;
}

/** The Message-ID every attempt of one mail carries, derived from its key (no person's text in it). */
export function messageIdFor(key: string, fromAddress: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${messageDomainOf(fromAddress)}>`;
}

/** The domain of Message-IDs: the sender address's. */
export const messageDomainOf = (fromAddress: string) => /@([^>\s]+)>?\s*$/.exec(fromAddress)?.[1] ?? 'qrcodesharks.local';

function mail(
  event: RecordedEvent,
  ctx: PlanContext,
  kind: MailKind,
  recipient: string,
  data: Record<string, unknown>,
  sendAfter = new Date(event.metadata.occurredAt),
): Omit<PlannedMail, 'messageId'> {
  const occurred = new Date(event.metadata.occurredAt).getTime();
  const late = ctx.now.getTime() - Math.max(occurred, sendAfter.getTime()) > MAIL_MAX_AGE_MS;
  return {
    key: mailKey(event.id, recipient, kind),
    kind,
    tenantId: event.metadata.tenantId,
    sourceId: event.id,
    recipient: recipient.trim(),
    data,
    sendAfter,
    skip: late,
  };
}

const isAddress = (value: unknown): value is string => typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim());

/** Events -> the mails they cause. Pure: the dispatcher records the result in the ledger. */
export function planMails(event: RecordedEvent, ctx: PlanContext): Omit<PlannedMail, 'messageId'>[] {
  if (!MAILED_EVENTS.has(event)) return [];
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      if (!isAddress(data.email)) return [];
      // The first verification link rides in the welcome mail (one mail at sign-up).
      const verify = data.verification ? { userId: data.userId, ...data.verification } : undefined;
      return [mail(event, ctx, 'welcome', data.email, { firstName: data.firstName, ...(verify ? { verify } : {}) })];
    }
    case 'EmailVerificationRequested': {
      // To the account's address (read when sent): the event holds no address.
      const { data } = event;
      const verify = { userId: data.userId, requestId: data.requestId, expiresAt: data.expiresAt };
      const planned = mail(event, ctx, 'email-verification', `user:${data.userId}`, { verify });
      return [{ ...planned, skip: planned.skip || new Date(data.expiresAt).getTime() <= ctx.now.getTime() }];
    }
    case 'UserSignedInWithGoogle': {
      // An existing account linked to Google (not a sign-up through Google); with the password removed, the
      // PasswordRemoved mail tells both.
      const { data } = event;
      if (!data.linked || data.passwordRemoved) return [];
      return [mail(event, ctx, 'sign-in-method-added', `user:${data.userId}`, { method: 'Google' })];
    }
    case 'PasswordChanged': {
      const { data } = event;
      if (!data.added) return [];
      return [mail(event, ctx, 'sign-in-method-added', `user:${data.userId}`, { method: 'a password' })];
    }
    case 'PasswordRemoved': {
      const { data } = event;
      return [mail(event, ctx, 'password-removed', `user:${data.userId}`, {})];
    }
    case 'ContactMessageReceived': {
      const { data } = event;
      const message = { name: data.name, email: data.email, subject: data.subject, message: data.message, inquiryType: data.inquiryType };
      const mails = [mail(event, ctx, 'contact-support', ctx.supportEmail, message)];
      if (isAddress(data.email)) mails.push(mail(event, ctx, 'contact-ack', data.email, message));
      return mails;
    }
    case 'PasswordResetRequested': {
      const { data } = event;
      if (!isAddress(data.email)) return [];
      const planned = mail(event, ctx, 'password-reset', data.email, {
        userId: data.userId,
        requestId: data.requestId,
        authVersion: data.authVersion,
        expiresAt: data.expiresAt,
      });
      // A link past its hour is useless: never send it late.
      return [{ ...planned, skip: planned.skip || new Date(data.expiresAt).getTime() <= ctx.now.getTime() }];
    }
    case 'PaymentSucceeded': {
      // The receipt to the payer when Stripe gave their address (payerEmail; older events have none), and a notice to
      // the code's owner, who is paid (address read from users when sent: a deleted owner gets nothing).
      const { data } = event;
      const payment = {
        productName: data.productName,
        amount: data.amount,
        currency: data.currency,
        paidAt: data.paidAt,
        paymentIntentId: data.paymentIntentId,
      };
      const mails = [];
      if (isAddress(data.payerEmail)) mails.push(mail(event, ctx, 'payment-receipt', data.payerEmail, payment));
      if (data.ownerId)
        mails.push(
          mail(event, ctx, 'payment-received', `user:${data.ownerId}`, {
            ...payment,
            qrId: data.qrId,
            applicationFeeAmount: data.applicationFeeAmount,
          }),
        );
      return mails;
    }
    case 'SubscriptionStatusChanged': {
      const { data } = event;
      return [mail(event, ctx, 'subscription-changed', `user:${data.userId}`, { subscriptionStatus: data.subscriptionStatus })];
    }
    case 'TrialActivated': {
      const { data } = event;
      const end = new Date(data.trialEndDate);
      if (Number.isNaN(end.getTime())) return [];
      const planned = mail(
        event,
        ctx,
        'trial-ending',
        `user:${data.userId}`,
        { trialEndDate: data.trialEndDate },
        new Date(end.getTime() - DAY_MS),
      );
      return [{ ...planned, skip: planned.skip || end.getTime() <= ctx.now.getTime() }];
    }
    case 'WebhookDisabled': {
      const { data } = event;
      return [mail(event, ctx, 'webhook-disabled', `user:${data.ownerId}`, { url: data.url, reason: data.reason })];
    }
    case 'NewsletterSubscribed': {
      // Double opt-in (issue 22): the link confirms this subscription (the event's id); newsletters wait for it.
      const { data } = event;
      if (!isAddress(data.email)) return [];
      return [mail(event, ctx, 'newsletter-confirm', data.email, { subscriptionId: event.id })];
    }
  }
}
