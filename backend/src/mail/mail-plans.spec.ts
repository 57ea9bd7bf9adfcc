import type { RecordedEvent } from '../event-store/event-store';
import { headerSafe } from './mail-headers';
import { mailKey, MAIL_MAX_AGE_MS, messageIdFor, planMails } from './mail-plans';

const NOW = new Date('2026-11-24T10:00:00Z');
const event = (type: string, data: unknown, occurredAt = NOW.toISOString()): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  type,
  data,
  streamId: 's',
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  metadata: { tenantId: 3, actorId: 'system', correlationId: 'c', causationId: null, occurredAt, schemaVersion: 1 },
});
const ctx = { supportEmail: 'support@sharks.test', now: NOW };

describe('planMails: events -> the mails they cause', () => {
  it('UserRegistered: a welcome to the address, keyed by event, recipient and kind', () => {
    const [mail] = planMails(event('UserRegistered', { email: 'Ann@Example.com', firstName: 'Ann' }), ctx);
    expect(mail).toMatchObject({ kind: 'welcome', recipient: 'Ann@Example.com', tenantId: 3, skip: false, data: { firstName: 'Ann' } });
    expect(mail.key).toBe('event:00000000-0000-4000-8000-000000000001:ann@example.com:welcome');
  });

  it('issue 27: the verification link (welcome or resend, never late), and the account mails about its sign-in methods', () => {
    const verification = { requestId: 'r1', expiresAt: '2026-11-25T10:00:00.000Z' };
    const [welcome] = planMails(event('UserRegistered', { userId: 'u1', email: 'ann@example.com', firstName: 'Ann', verification }), ctx);
    expect(welcome.data).toEqual({ firstName: 'Ann', verify: { userId: 'u1', ...verification } });
    const [resend] = planMails(event('EmailVerificationRequested', { userId: 'u1', ...verification, requestedAt: NOW.toISOString() }), ctx);
    expect(resend).toMatchObject({
      kind: 'email-verification',
      recipient: 'user:u1',
      skip: false,
      data: { verify: { userId: 'u1', ...verification } },
    });
    const expired = { userId: 'u1', requestId: 'r0', expiresAt: '2026-11-24T09:00:00.000Z', requestedAt: NOW.toISOString() };
    expect(planMails(event('EmailVerificationRequested', expired), ctx)[0].skip).toBe(true);
    const google = (data: object) =>
      planMails(event('UserSignedInWithGoogle', { userId: 'u1', googleId: 'g', email: 'a@x.io', ...data }), ctx);
    expect(google({})).toEqual([]); // a sign-up through Google: the welcome mail says it
    expect(google({ linked: true })).toMatchObject([{ kind: 'sign-in-method-added', recipient: 'user:u1', data: { method: 'Google' } }]);
    expect(google({ linked: true, passwordRemoved: true })).toEqual([]); // PasswordRemoved's mail tells both
    expect(planMails(event('PasswordRemoved', { userId: 'u1', reason: 'google-verified-address' }), ctx)).toMatchObject([
      { kind: 'password-removed', recipient: 'user:u1' },
    ]);
    expect(planMails(event('PasswordChanged', { userId: 'u1', passwordHash: 'h', reset: true }), ctx)).toEqual([]);
    expect(planMails(event('PasswordChanged', { userId: 'u1', passwordHash: 'h', reset: true, added: true }), ctx)).toMatchObject([
      { kind: 'sign-in-method-added', data: { method: 'a password' } },
    ]);
  });

  it('NewsletterSubscribed: the confirmation mail (double opt-in) naming the subscription; CampaignStarted: nothing here', () => {
    const [mail] = planMails(event('NewsletterSubscribed', { email: 'fan@example.com' }), ctx);
    expect(mail).toMatchObject({
      kind: 'newsletter-confirm',
      recipient: 'fan@example.com',
      data: { subscriptionId: '00000000-0000-4000-8000-000000000001' },
    });
    // A campaign's mails come from its expansion over the audience (campaign-expansion.ts), not from the plan.
    expect(planMails(event('CampaignStarted', { campaignId: 'c', kind: 'newsletter' }), ctx)).toEqual([]);
  });

  it('ContactMessageReceived: one to support, one acknowledgement to the sender', () => {
    const mails = planMails(event('ContactMessageReceived', { name: 'Bo', email: 'bo@example.com', subject: 's', message: 'm' }), ctx);
    expect(mails.map((mail) => [mail.kind, mail.recipient])).toEqual([
      ['contact-support', 'support@sharks.test'],
      ['contact-ack', 'bo@example.com'],
    ]);
  });

  it('TrialActivated: a reminder a day before the end, to the user; none once the trial is over', () => {
    const end = new Date(NOW.getTime() + 3 * 86_400_000).toISOString();
    const [mail] = planMails(event('TrialActivated', { userId: 'u1', trialEndDate: end }), ctx);
    expect(mail).toMatchObject({ kind: 'trial-ending', recipient: 'user:u1', skip: false });
    expect(mail.sendAfter.toISOString()).toBe(new Date(NOW.getTime() + 2 * 86_400_000).toISOString());
    const [over] = planMails(event('TrialActivated', { userId: 'u1', trialEndDate: NOW.toISOString() }), ctx);
    expect(over.skip).toBe(true);
  });

  it('PasswordResetRequested: the link mail, skipped once expired', () => {
    const data = {
      userId: 'u',
      email: 'c@example.com',
      requestId: 'r',
      authVersion: 0,
      expiresAt: new Date(NOW.getTime() + 1).toISOString(),
    };
    expect(planMails(event('PasswordResetRequested', data), ctx)[0]).toMatchObject({ kind: 'password-reset', skip: false });
    const late = { ...data, expiresAt: NOW.toISOString() };
    expect(planMails(event('PasswordResetRequested', late), ctx)[0].skip).toBe(true);
  });

  it('PaymentSucceeded: a receipt when the event names the payer, a notice to the owner; SubscriptionStatusChanged: to the user', () => {
    const paid = { amount: 999, currency: 'usd', productName: 'Plush', qrId: 'q1', ownerId: 'o1', applicationFeeAmount: 50 };
    // An event recorded before payerEmail existed (or Stripe knew no address): the owner's notice only.
    const owner = planMails(event('PaymentSucceeded', paid), ctx);
    expect(owner.map((planned) => [planned.kind, planned.recipient])).toEqual([['payment-received', 'user:o1']]);
    expect(owner[0].data).toMatchObject({ amount: 999, productName: 'Plush', qrId: 'q1', applicationFeeAmount: 50 });
    const both = planMails(event('PaymentSucceeded', { ...paid, payerEmail: 'P@example.com' }), ctx);
    expect(both.map((planned) => [planned.kind, planned.recipient])).toEqual([
      ['payment-receipt', 'P@example.com'],
      ['payment-received', 'user:o1'],
    ]);
    expect(both[0].key).toBe(mailKey(both[0].sourceId, 'p@example.com', 'payment-receipt'));
    expect(both[1].key).toMatch(/^event:.+:user:o1:payment-received$/);
    expect(planMails(event('PaymentSucceeded', { ...paid, payerEmail: 'not an address' }), ctx)).toHaveLength(1);
    expect(planMails(event('SubscriptionStatusChanged', { userId: 'u2', subscriptionStatus: 'active' }), ctx)[0].recipient).toBe('user:u2');
  });

  it('an event older than a day is recorded as skipped: a first start on an old store mails nobody', () => {
    const old = new Date(NOW.getTime() - MAIL_MAX_AGE_MS - 1).toISOString();
    expect(planMails(event('UserRegistered', { email: 'a@example.com' }, old), ctx)[0].skip).toBe(true);
  });

  it('Message-IDs are stable per key and carry no address', () => {
    const key = mailKey('e', 'a@example.com', 'welcome');
    expect(messageIdFor(key, 'Sharks <no-reply@sharks.test>')).toBe(messageIdFor(key, 'Sharks <no-reply@sharks.test>'));
    expect(messageIdFor(key, 'Sharks <no-reply@sharks.test>')).toMatch(/^<[0-9a-f]{32}@sharks\.test>$/);
  });
});

describe('headerSafe', () => {
  it('turns CR, LF, other control characters and Unicode line separators into one space', () => {
    expect(headerSafe('Eve\r\nBcc: x@example.com')).toBe('Eve Bcc: x@example.com');
    expect(headerSafe('a\u2028b\u0000c\td')).toBe('a b c d');
    expect(headerSafe('x'.repeat(500), 10)).toBe('x'.repeat(10));
    expect(headerSafe(undefined)).toBe('');
  });
});
