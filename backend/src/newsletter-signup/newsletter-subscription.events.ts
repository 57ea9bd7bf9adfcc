import { createHash } from 'node:crypto';

/** Events of one newsletter subscription, on stream `newsletter-{sha256(lowercased email)}`. */
export interface NewsletterSubscribed {
  email: string;
}

export type NewsletterEvent = { type: 'NewsletterSubscribed'; data: NewsletterSubscribed };

export const NEWSLETTER_EVENT_TYPES = ['NewsletterSubscribed'] as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** One stream per address (hashed: the address is not spelled out in stream names): a second signup finds it taken. */
export const newsletterStream = (email: string) => `newsletter-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;
