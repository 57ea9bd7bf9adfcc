import { z } from 'zod';

/**
 * What the newsletter sign-up feature's staff route answers, as a zod schema: `@AnswerOf` puts it into /api/docs, from
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
