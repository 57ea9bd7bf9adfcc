import { createHash } from 'node:crypto';

/** Events of one newsletter subscription, on stream `newsletter-{sha256(lowercased email)}`. */
export interface NewsletterSubscribed {
  email: string;
}

/** The address's owner opened the confirmation link of the mail NewsletterSubscribed sent (double opt-in, issue 22). */
export interface NewsletterSubscriptionConfirmed {
  email: string;
  /** The NewsletterSubscribed event the link was made for. */
  subscriptionId: string;
}

/** A signed unsubscribe link was used (one-click from the mail client, or the unsubscribe page). */
export interface NewsletterUnsubscribed {
  email: string;
  via: 'one-click' | 'page';
}

export type NewsletterEvent =
  | { type: 'NewsletterSubscribed'; data: NewsletterSubscribed }
  | { type: 'NewsletterSubscriptionConfirmed'; data: NewsletterSubscriptionConfirmed }
  | { type: 'NewsletterUnsubscribed'; data: NewsletterUnsubscribed };

export const NEWSLETTER_EVENT_TYPES = ['NewsletterSubscribed', 'NewsletterSubscriptionConfirmed', 'NewsletterUnsubscribed'] as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** One stream per address (hashed: the address is not spelled out in stream names): a second signup finds it taken. */
export const newsletterStream = (email: string) => `newsletter-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
