import { createHash } from 'node:crypto';
import { eventCatalogue, type EventOf } from '../event-store/typed-events';
import { emailOwner, personalData, type AddressHash } from '../event-store/personal-data/personal-data-registry';
import type { StreamNames } from '../event-store/personal-data/stream-names';

/**
 * Events of one address on one tenant's list, on stream `newsletter-h-{tenantId}-{salted hash}` (`newsletterStream`:
 * StreamNames' keyed hash of the address's sha256, issue 32). Before issue 32 it was `newsletter-{tenantId}-{sha256}`,
 * an unsalted hash a guessed address confirms; and until issue 27 (item 8) the address alone, `newsletter-{sha256}`,
 * whichever tenant's site it signed up on, so an address could be on one list only (its subscription is the tenant's
 * of its last NewsletterSubscribed). The older names are read, never appended to (`newsletterStreams`,
 * load-subscription.ts), until `npm run personal-data -- seal-legacy` renames them.
 */
export interface NewsletterSubscribed {
  email: string;
}

/** The address's owner opened the confirmation link of the mail NewsletterSubscribed sent (double opt-in, issue 22). */
export interface NewsletterSubscriptionConfirmed {
  email: string;
  /** The NewsletterSubscribed event the link was made for. */
  subscriptionId: string;
  /**
   * Absent: the owner opened the link. 'migrated': the address signed up before double opt-in existed (it asked for the
   * tips then, and no confirmation mail was sent); appended by the migrations that turned the old read-model back-fill
   * into events (issue 28 item 1), and projected as confirmed when it subscribed.
   */
  reason?: 'migrated';
}

/** A signed unsubscribe link was used (one-click from the mail client, or the unsubscribe page). */
export interface NewsletterUnsubscribed {
  email: string;
  via: 'one-click' | 'page';
}

export interface NewsletterEvents {
  NewsletterSubscribed: NewsletterSubscribed;
  NewsletterSubscriptionConfirmed: NewsletterSubscriptionConfirmed;
  NewsletterUnsubscribed: NewsletterUnsubscribed;
}
export type NewsletterEvent = EventOf<NewsletterEvents>;
export const NEWSLETTER_EVENTS = eventCatalogue<NewsletterEvents>({
  NewsletterSubscribed: true,
  NewsletterSubscriptionConfirmed: true,
  NewsletterUnsubscribed: true,
});
export const NEWSLETTER_EVENT_TYPES = NEWSLETTER_EVENTS.types;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const addressHash = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');

/**
 * One stream per tenant and address, named by a salted hash (the address is neither spelled out nor testable in stream
 * names): a second signup finds it taken. The salt hashes the address's sha256, so seal-legacy can rename an unsalted
 * stream from its name alone.
 */
export const newsletterStream = (names: StreamNames, tenantId: number, email: string) =>
  names.hashed('newsletter', tenantId, addressHash(email));

/**
 * Every name an address's subscription on a tenant's list may have, oldest first: before lists were per tenant
 * (`untenanted`, then its renamed form, `untenantedHashed`), per tenant with an unsalted hash (`legacy`), and `stream`.
 */
export const newsletterStreams = (names: StreamNames, tenantId: number, email: string) => ({
  untenanted: legacyNewsletterStream(email),
  untenantedHashed: names.hashed('newsletter', null, addressHash(email)),
  legacy: `newsletter-${tenantId}-${addressHash(email)}`,
  stream: newsletterStream(names, tenantId, email),
});

/** The stream of an address before subscriptions were per tenant (read only; see NewsletterSubscribed). */
export const legacyNewsletterStream = (email: string) => `newsletter-${addressHash(email)}`;

/**
 * The tenant a per-tenant stream belongs to (`newsletter-h-{tenant}-{hash}`, or the unsalted `newsletter-{tenant}-{sha256}`);
 * null for a stream from before lists were per tenant (whose events name their subscription's tenant).
 */
export function tenantOfNewsletterStream(streamId: string): number | null {
  const match = /^newsletter-(?:h-)?(\d+)-[0-9a-f]+$/.exec(streamId);
  return match ? Number(match[1]) : null;
}

/**
 * Personal data (issue 32 item 1): the subscriber's address, sealed with `subscriber:{tenantId}:{hash}`, owned by the
 * address (`email:{hash}`). An erased address reads as one made from the subject, so each erased subscriber keeps a
 * row of its own (the read model is unique per tenant and address).
 */
const subscriber = (data: { email: string }, event: { metadata: { tenantId: number } }, hash: AddressHash) =>
  `subscriber:${event.metadata.tenantId}:${hash('email', data.email)}`;
/** What an erased subscriber's address reads as (and what the projection writes on PersonalDataErased): one per subject. */
export const erasedAddress = (subject: string) => `erased-${subject.split(':').pop()!.toLowerCase()}@erased.invalid`;
for (const type of ['NewsletterSubscribed', 'NewsletterSubscriptionConfirmed', 'NewsletterUnsubscribed'] as const) {
  personalData.register<{ email: string }>(type, {
    subject: subscriber,
    owner: (data, event, hash) => emailOwner(hash, event.metadata.tenantId, data.email),
    fields: { email: erasedAddress },
  });
}
