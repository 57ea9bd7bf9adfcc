import { z } from 'zod';

/**
 * What the upload routes answer, as a zod schema: `@AnswerOf` puts it into /api/docs, from which the frontend's types
 * are generated (frontend/src/api/schema.d.ts); the command's answer type is this schema's type.
 */
export const uploadAnswer = z.object({
  id: z.string().meta({ description: "The upload's id: a pdf or images code's content names it" }),
  pdfUrl: z.string().optional().meta({ description: 'PDF uploads only' }),
  imageUrl: z.string().optional().meta({ description: 'Image uploads only' }),
  pageUrl: z.string().meta({ description: 'The public page that shows the file' }),
  fileName: z.string(),
});
export type UploadAnswer = z.output<typeof uploadAnswer>;
