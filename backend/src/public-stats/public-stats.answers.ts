import { z } from 'zod';

/**
 * What GET /api/public-stats answers, as a zod schema: `@AnswerOf` puts it into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the service's return type is this schema's type.
 */
const count = z.number().int().min(0);

export const publicStatsAnswer = z.object({
  codesGenerated: count,
  scansRecorded: count,
  contentTypes: count.meta({ description: "The content types the generator offers (all of qr-core's since issue 15)" }),
});
export type PublicStats = z.output<typeof publicStatsAnswer>;
