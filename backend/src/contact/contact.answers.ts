import { z } from 'zod';

/**
 * What the contact route answers, as a zod schema: `@AnswerOf` puts it into /api/docs, from which the frontend's types
 * are generated (frontend/src/api/schema.d.ts); the handler's return type is its type.
 */

/** POST /api/contact: the thanks shown to the sender and the recorded message's id. */
export const contactAnswer = z.object({
  message: z.string().meta({ description: 'The thanks the contact page shows' }),
  id: z.string().meta({ description: "The recorded message's id (its stream is contact-{id})" }),
});
export type ContactAnswer = z.output<typeof contactAnswer>;
