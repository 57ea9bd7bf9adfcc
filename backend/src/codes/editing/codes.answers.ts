import { z } from 'zod';

/**
 * What the codes routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's types
 * are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

/** GET /api/qrcodes/{id}/history: one change of a code, newest first. */
export const historyEntryAnswer = z.object({
  id: z.string(),
  version: z.number().int().min(0),
  type: z.string().meta({ description: "The event's type, e.g. QrDestinationChanged" }),
  at: z.string(),
  actorId: z.string().meta({ description: "Who made the change: a user's id, or 'system'" }),
  actorName: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryEntryAnswer = z.output<typeof historyEntryAnswer>;
