import { z } from 'zod';

/**
 * What the mail feature's route answers, as a zod schema: `@AnswerOf` puts it into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the queue's failed-job rows are its type.
 */

/** One row of GET /api/admin/mail-jobs: a mail job that failed after its last try, kept in Redis with its error. */
export const failedMailJobAnswer = z.object({
  id: z.string().meta({ description: "The job's id: event:{eventId}:{recipient}:{kind} or campaign:{id}:{recipient}:{kind}" }),
  kind: z.string().meta({ description: "The mail's kind (welcome, password-reset, newsletter, ...); '' if the id names none" }),
  recipient: z.string(),
  attemptsMade: z.number().int().min(0),
  failedReason: z.string().nullable(),
  failedAt: z.string().nullable().meta({ description: 'An ISO 8601 time; null if the queue kept none' }),
  createdAt: z.string().meta({ description: 'An ISO 8601 time' }),
});
export type FailedMailJob = z.output<typeof failedMailJobAnswer>;
