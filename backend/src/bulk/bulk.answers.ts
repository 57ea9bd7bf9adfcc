import { z } from 'zod';

/**
 * What the bulk route answers, as a zod schema: `@AnswerOf` puts it into /api/docs, from which the frontend's types are
 * generated (frontend/src/api/schema.d.ts); the handler's return type is its type.
 */

/** POST /api/bulk-generate-qrcode: one line's code. */
export const bulkAnswer = z.object({
  qrCode: z.string().meta({ description: "The line's QR code as an SVG document" }),
});
export type BulkAnswer = z.output<typeof bulkAnswer>;
