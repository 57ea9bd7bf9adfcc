import { z } from 'zod';

/**
 * What the newsletter sign-up feature's routes answer, as zod schemas: `@AnswerOf` puts it into /api/docs, from
 * which the frontend's types are generated (frontend/src/api/schema.d.ts).
 */
const isoTime = z.string().meta({ description: 'An ISO 8601 time' });

/** One row of GET /api/admin/newsletter-subscribers. */
export const subscriberAnswer = z.object({
  id: z.string(),
  clientId: z.number().int(),
  email: z.string(),
  status: z.enum(['confirmed', 'unconfirmed', 'unsubscribed']),
  subscribedAt: isoTime,
  confirmedAt: isoTime.nullable(),
  unsubscribedAt: isoTime.nullable(),
});

/** POST /api/newsletter-signup: the page's message, the same whether or not the address was subscribed before. */
export const newsletterSignupAnswer = z.object({
  message: z.string(),
  alreadySubscribed: z.boolean().meta({ description: 'true: nothing was recorded (the address was subscribed already)' }),
});
export type NewsletterSignupAnswer = z.output<typeof newsletterSignupAnswer>;

/** POST /api/newsletter/confirm: the confirmation link's outcome. */
export const newsletterConfirmedAnswer = z.object({ message: z.string(), alreadyConfirmed: z.boolean() });
export type NewsletterConfirmedAnswer = z.output<typeof newsletterConfirmedAnswer>;

/** POST /api/newsletter/unsubscribe: the one-click or page unsubscribe's outcome. */
export const newsletterUnsubscribedAnswer = z.object({ message: z.string(), alreadyUnsubscribed: z.boolean() });
export type NewsletterUnsubscribedAnswer = z.output<typeof newsletterUnsubscribedAnswer>;
