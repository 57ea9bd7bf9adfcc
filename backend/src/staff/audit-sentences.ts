/**
 * What an audit row says: pure functions from an event and the state of its subject before it, to a sentence (without
 * its subject: the console prefixes who did it) and the field-by-field changes. No I/O; unit-tested.
 */

import { codeDisplayName, typeName } from '@qrsharks/qr-core';

export interface CodeSubject {
  label: string;
  destination: string | null;
  isPaused: boolean;
  hasPassword: boolean;
  suspensionReason: string | null;
  name: string | null;
}

export interface UserSubject {
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  subscriptionStatus: string;
  isDisabled: boolean;
}

export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

export interface Described {
  summary: string;
  changes: Change[];
}

/** Secrets (an API key's hash too: issue 34), and a payer's address (issue 32: the staff erase payers; the log never keeps it). */
const SECRET_KEYS = new Set(['passwordHash', 'apiKey', 'password', 'payerEmail', 'keyHash', 'secret']);
export const HIDDEN = '(hidden)';

/**
 * Fields hidden even when empty: a payer's address reads as null once its key is erased, so the log hides the field
 * whatever it holds, and the live row (written while it was readable) equals the rebuilt one (issue 32).
 */
const ALWAYS_HIDDEN = new Set(['payerEmail']);

/** The event's data as the log keeps it: secrets replaced, everything else as recorded. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      (SECRET_KEYS.has(key) && inner) || ALWAYS_HIDDEN.has(key) ? HIDDEN : redact(inner),
    ]),
  );
}

/**
 * A webhook's URL as the log names it: scheme and host only, `/…` when there was more (a path or query may carry a
 * token the receiver checks: issue 34).
 */
export function urlOrigin(url: unknown): string {
  try {
    const parsed = new URL(String(url));
    const more = parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '';
    return `${parsed.protocol}//${parsed.host}${more ? '/…' : ''}`;
  } catch {
    return '(a URL)';
  }
}

/**
 * How sentences and the console name a code: its one display name (issue 30 item 1; qr-core's codeDisplayName), the
 * owner's name else one derived from its content, never a password or a payload.
 */
export function codeLabel(code: {
  name?: string | null;
  fields?: Record<string, unknown>;
  destination?: string | null;
  shortCode?: string | null;
  qrType: string;
}): string {
  return codeDisplayName({ qrType: code.qrType, name: code.name, fields: code.fields, destination: code.destination });
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim() || '(none)';
const fieldChanges = (before: Record<string, unknown>, after: Record<string, unknown>): Change[] =>
  Object.keys(after).map((field) => ({ field, before: redact(before[field] ?? null), after: redact(after[field]) }));

type Data = Record<string, unknown>;

/** "created the dynamic Website URL code menu.example/today"; a code whose name is only its type's words says them once. */
function createdSentence(mode: string, qrType: string, label: string): string {
  const kind = typeName(qrType);
  return label === kind ? `created a ${mode} ${kind}` : `created the ${mode} ${kind} ${label}`;
}

/** A recorded instant as people write a day ("December 27, 2026", UTC, as the mails write it), never raw ISO. */
function longDate(value: unknown): string {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime())
    ? String(value)
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "tagged Menu with tables", "removed the tag tables from Menu", or both in one sentence; a respelling says so. */
function tagsSentence(label: string, before: unknown, after: unknown): string {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const [was, is] = [list(before), list(after)];
  const key = (tag: string) => tag.toLowerCase();
  const added = is.filter((tag) => !was.some((old) => key(old) === key(tag)));
  const removed = was.filter((tag) => !is.some((now) => key(now) === key(tag)));
  const parts = [
    ...(added.length ? [`tagged ${label} with ${added.join(', ')}`] : []),
    ...(removed.length ? [`removed the tag${removed.length === 1 ? '' : 's'} ${removed.join(', ')} from ${label}`] : []),
  ];
  return parts.length ? parts.join(' and ') : `changed the tags of ${label} to ${is.join(', ') || '(none)'}`;
}

/** A code event; `before` is the code as it was (null for QrCreated). */
export function describeCodeEvent(type: string, data: Data, before: CodeSubject | null, after: CodeSubject): Described {
  const label = before?.label ?? after.label;
  switch (type) {
    case 'QrCreated':
      return {
        summary: createdSentence(String(data.mode), String(data.qrType), after.label),
        changes: [
          { field: 'qrType', before: null, after: data.qrType },
          { field: 'mode', before: null, after: data.mode },
          { field: 'destination', before: null, after: data.destination ?? null },
          { field: 'fields', before: null, after: redact(data.fields) },
        ],
      };
    case 'QrDestinationChanged':
      return {
        summary: `changed the destination of ${label} from ${String(data.before || '(none)')} to ${String(data.after || '(none)')}`,
        changes: [{ field: 'destination', before: data.before || null, after: data.after || null }],
      };
    case 'QrStyleChanged': {
      const changes = fieldChanges(data.before as Data, data.after as Data);
      return { summary: `changed the style of ${label} (${changes.map((c) => c.field).join(', ')})`, changes };
    }
    case 'QrContentChanged': {
      const changes = fieldChanges(data.before as Data, data.after as Data);
      return { summary: `changed the content of ${label} (${changes.map((c) => c.field).join(', ')})`, changes };
    }
    case 'QrRenamed':
      return {
        summary: data.after ? `renamed ${label} to ${String(data.after)}` : `removed the name of ${label}`,
        changes: [{ field: 'name', before: data.before ?? null, after: data.after ?? null }],
      };
    case 'QrPaused':
      return { summary: `paused ${label}`, changes: [{ field: 'isPaused', before: false, after: true }] };
    case 'QrResumed':
      return { summary: `resumed ${label}`, changes: [{ field: 'isPaused', before: true, after: false }] };
    case 'QrPasswordSet':
      return {
        summary: before?.hasPassword ? `changed the password of ${label}` : `set a password on ${label}`,
        changes: [{ field: 'password', before: before?.hasPassword ? HIDDEN : null, after: HIDDEN }],
      };
    case 'QrPasswordRemoved':
      return { summary: `removed the password of ${label}`, changes: [{ field: 'password', before: HIDDEN, after: null }] };
    case 'QrSuspended':
      return {
        summary: `suspended ${label}: ${String(data.reason)}`,
        changes: [{ field: 'suspensionReason', before: null, after: data.reason }],
      };
    case 'QrSuspensionLifted':
      return {
        summary: `lifted the suspension of ${label}`,
        changes: [{ field: 'suspensionReason', before: before?.suspensionReason ?? null, after: null }],
      };
    case 'QrRoutingChanged':
      return {
        summary: data.after ? `changed the routing of ${label}` : `removed the routing of ${label}`,
        changes: [{ field: 'routing', before: data.before ?? null, after: data.after ?? null }],
      };
    case 'QrTagsChanged':
      return {
        summary: tagsSentence(label, data.before, data.after),
        changes: [{ field: 'tags', before: data.before ?? [], after: data.after ?? [] }],
      };
    case 'QrDeleted':
      return { summary: `deleted ${label}`, changes: [{ field: 'isDeleted', before: false, after: true }] };
    default:
      return { summary: `${type} on ${label}`, changes: [] };
  }
}

/** An event on `user-{id}`; `before` is the account as it was (null for UserRegistered). */
export function describeUserEvent(type: string, data: Data, before: UserSubject | null, after: UserSubject): Described {
  const email = before?.email ?? after.email;
  switch (type) {
    case 'UserRegistered':
      return {
        summary: `registered the account ${after.email}`,
        changes: [
          { field: 'email', before: null, after: data.email },
          { field: 'username', before: null, after: data.username },
          { field: 'name', before: null, after: fullName(String(data.firstName ?? ''), String(data.lastName ?? '')) },
        ],
      };
    case 'UserSignedInWithGoogle':
      return { summary: `linked a Google account to ${email}`, changes: [{ field: 'googleId', before: null, after: data.googleId }] };
    case 'UserNameChanged': {
      const from = before ? fullName(before.firstName, before.lastName) : '(none)';
      const to = fullName(String(data.firstName ?? ''), String(data.lastName ?? ''));
      return { summary: `changed the name of ${email} from ${from} to ${to}`, changes: [{ field: 'name', before: from, after: to }] };
    }
    case 'PasswordResetRequested':
      return { summary: `asked for a password reset link for ${email}`, changes: [] };
    case 'EmailVerificationRequested':
      return { summary: `asked for a new verification link for ${email}`, changes: [] };
    case 'EmailVerified':
      return {
        summary: `verified the address ${email} ${data.via === 'google' ? 'through Google' : 'by email link'}`,
        changes: [{ field: 'emailVerified', before: false, after: true }],
      };
    case 'PasswordRemoved':
      return {
        summary: `removed the unverified password of ${email} (Google proved the address)`,
        changes: [{ field: 'password', before: HIDDEN, after: null }],
      };
    case 'PasswordChanged':
      if (data.reset)
        return { summary: `reset the password of ${email} by email link`, changes: [{ field: 'password', before: HIDDEN, after: HIDDEN }] };
      return { summary: `changed the password of ${email}`, changes: [{ field: 'password', before: HIDDEN, after: HIDDEN }] };
    case 'RoleGranted':
      return {
        summary: `granted the ${String(data.role)} role to ${email}`,
        changes: [{ field: 'roles', before: before?.roles ?? [], after: after.roles }],
      };
    case 'RoleRevoked':
      return {
        summary: `revoked the ${String(data.role)} role of ${email}`,
        changes: [{ field: 'roles', before: before?.roles ?? [], after: after.roles }],
      };
    case 'AccountDisabled':
      return {
        summary: `disabled the account ${email}: ${String(data.reason)}`,
        changes: [{ field: 'isDisabled', before: false, after: true }],
      };
    case 'AccountEnabled':
      return { summary: `re-enabled the account ${email}`, changes: [{ field: 'isDisabled', before: true, after: false }] };
    case 'UserDeleted':
      return { summary: `deleted the account ${email}`, changes: [{ field: 'isDeleted', before: false, after: true }] };
    case 'TrialActivated':
      return {
        summary: `started the trial of ${email} until ${longDate(data.trialEndDate)}`,
        changes: [{ field: 'trialEndDate', before: null, after: data.trialEndDate }],
      };
    case 'SubscriptionStatusChanged':
      return {
        summary: `changed the subscription of ${email} from ${before?.subscriptionStatus ?? 'free'} to ${String(data.subscriptionStatus)}`,
        changes: [{ field: 'subscriptionStatus', before: before?.subscriptionStatus ?? 'free', after: data.subscriptionStatus }],
      };
    default:
      return { summary: `${type} on ${email}`, changes: [] };
  }
}

/** Tenants (white-label clients) and the destination blocklist. */
export function describeOtherEvent(type: string, data: Data): Described {
  switch (type) {
    case 'ClientCreated':
      return {
        summary: `created the white-label client ${String(data.name)}`,
        changes: fieldChanges({}, redact({ ...data, clientId: undefined }) as Data).filter((c) => c.after !== undefined),
      };
    case 'ClientUpdated': {
      const changes = fieldChanges({}, redact(data.changes ?? {}) as Data);
      return { summary: `changed client ${String(data.clientId)} (${changes.map((c) => c.field).join(', ')})`, changes };
    }
    case 'ClientApiKeyRotated':
      return {
        summary: `rotated the API key of client ${String(data.clientId)}`,
        changes: [{ field: 'apiKey', before: HIDDEN, after: HIDDEN }],
      };
    case 'ClientDeleted':
      return { summary: `deleted client ${String(data.clientId)}`, changes: [{ field: 'isDeleted', before: false, after: true }] };
    case 'DomainBlocked':
      return {
        summary: `blocked the destination domain ${String(data.domain)}: ${String(data.reason)}`,
        changes: [{ field: 'blocked', before: false, after: true }],
      };
    case 'PaymentSucceeded':
    case 'PaymentFailed': {
      const amount = `${(Number(data.amount) / 100).toFixed(2)} ${String(data.currency ?? '').toUpperCase()}`;
      const verb = type === 'PaymentSucceeded' ? 'received a payment of' : 'had a failed payment of';
      return { summary: `${verb} ${amount} for ${String(data.productName ?? 'a payment code')}`, changes: [] };
    }
    case 'CampaignStarted': {
      // Issue 22: the admin who started a newsletter or a notification campaign, and for how many.
      const kinds: Record<string, string> = {
        newsletter: 'the newsletter',
        'newsletter-test': 'a test of the newsletter',
        welcome: 'welcome emails to all users',
        'scan-report': 'scan notifications',
        'pause-report': 'pause notifications',
      };
      const what = kinds[String(data.kind)] ?? String(data.kind);
      const subject = String(data.kind).startsWith('newsletter') ? ` "${String(data.subject)}"` : '';
      const count = Number(data.recipientCount);
      return { summary: `sent ${what}${subject} to ${count} recipient${count === 1 ? '' : 's'}`, changes: [] };
    }
    case 'PersonalDataErased': {
      // Issue 32: the subject is a salted hash or a message id; the sentence names no personal data.
      const subject = String(data.subject);
      const whose = subject.startsWith('payer:')
        ? "a payer's address in their payments"
        : subject.startsWith('contact:')
          ? "a contact message's sender, subject and message"
          : 'personal data';
      return { summary: `erased ${whose} on the person's request`, changes: [] };
    }
    case 'ApiKeyCreated': {
      // Issue 34: the key's name, prefix and scopes; never the key, and its hash stays hidden in the stored copy.
      const scopes = Array.isArray(data.scopes) ? data.scopes.map(String).join(', ') : '';
      return {
        summary: `created the API key "${String(data.name)}" (${String(data.prefix)}…) with ${scopes}`,
        changes: [{ field: 'prefix', before: null, after: String(data.prefix) }],
      };
    }
    case 'ApiKeyRevoked':
      return {
        summary: `revoked the API key "${String(data.name)}" (${String(data.prefix)}…)`,
        changes: [{ field: 'revoked', before: false, after: true }],
      };
    case 'BatchRequested': {
      // Issue 35: the batch by its name and size; each code it makes has its own row (QrCreated).
      const count = Array.isArray(data.rows) ? data.rows.length : Number(data.rows) || 0;
      return {
        summary: `asked for the batch "${String(data.name)}" of ${count} row${count === 1 ? '' : 's'}`,
        changes: [{ field: 'rows', before: null, after: count }],
      };
    }
    case 'WebhookCreated': {
      // Issue 34: where to (scheme and host), what for; never the secret nor the URL's path.
      const events = Array.isArray(data.events) ? data.events.map(String).join(', ') : '';
      return {
        summary: `created a webhook to ${urlOrigin(data.url)} for ${events}${data.includeBots === true ? ' (bots too)' : ''}`,
        changes: [{ field: 'events', before: null, after: data.events }],
      };
    }
    case 'WebhookDeleted':
      return { summary: `deleted the webhook ${String(data.webhookId)}`, changes: [{ field: 'deleted', before: false, after: true }] };
    case 'WebhookDisabled':
      return {
        summary: `disabled the webhook to ${urlOrigin(data.url)} after a delivery failed every try (${String(data.reason)})`,
        changes: [{ field: 'status', before: 'active', after: 'disabled' }],
      };
    case 'WebhookEnabled':
      return {
        summary: `enabled the webhook ${String(data.webhookId)} again`,
        changes: [{ field: 'status', before: 'disabled', after: 'active' }],
      };
    case 'WebhookReplayRequested':
      return { summary: `asked the webhook ${String(data.webhookId)} to send every event since ${String(data.from)} again`, changes: [] };
    case 'WebhookRetryRequested':
      return { summary: `retried the delivery ${String(data.deliveryId)} of the webhook ${String(data.webhookId)}`, changes: [] };
    case 'DomainUnblocked':
      return {
        summary: `unblocked the destination domain ${String(data.domain)}`,
        changes: [{ field: 'blocked', before: true, after: false }],
      };
    default:
      return { summary: type, changes: [] };
  }
}
