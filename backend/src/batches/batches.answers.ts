import { z } from 'zod';

/** What the batches routes answer, as zod schemas (`@AnswerOf`: /api/docs and the frontend's generated types). */
export const batchFailureAnswer = z.object({
  row: z.number().int().meta({ description: 'The row, counted from 1 (a CSV header row is not counted)' }),
  field: z.string().nullable().meta({ description: 'The field to blame, e.g. url; null when no one field is' }),
  message: z.string(),
});

export const batchWarningAnswer = z.object({
  row: z.number().int().meta({ description: 'The row, counted from 1 (a CSV header row is not counted)' }),
  codeId: z.string().meta({ description: 'The code the row made' }),
  message: z.string().meta({ description: 'What would stop it scanning once printed, and what to change' }),
});

export const batchAnswer = z.object({
  id: z.string().meta({ description: "The batch's id (a UUID)" }),
  name: z.string(),
  total: z.number().int().meta({ description: 'Rows in the batch' }),
  processed: z.number().int().meta({ description: 'Rows processed so far (the progress bar)' }),
  created: z.number().int().meta({ description: 'Codes made so far' }),
  failed: z.array(batchFailureAnswer).meta({ description: 'Rows refused: nothing was made for them' }),
  warnings: z.array(batchWarningAnswer).meta({
    description: 'Codes made that would not scan once printed, or might not (two decoders at print size, contrast, logo, quiet zone)',
  }),
  codeIds: z.array(z.string()).meta({ description: 'The codes made, in row order' }),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  reason: z.string().nullable().meta({ description: "Why a failed batch stopped (its owner's account is gone, ...)" }),
  createdAt: z.string().meta({ description: 'ISO 8601' }),
});
export type BatchAnswer = z.output<typeof batchAnswer>;

/** GET /api/batches: the caller's batches, newest first (the latest 100). */
export const batchesAnswer = z.array(batchAnswer);
export type BatchesAnswer = z.output<typeof batchesAnswer>;

/** POST /api/batches (202): the rows are processed by the worker; GET /api/batches/{id} tells how far it is. */
export const createdBatchAnswer = z.object({ id: z.string() });
export type CreatedBatchAnswer = z.output<typeof createdBatchAnswer>;
