import { z } from 'zod';
import { displayName, safeObject, uuidId } from '../common/input';

export const BATCH_ROWS_REQUIRED = 'rows must be a list of rows, or send a CSV as the file field';

/**
 * POST /api/batches: JSON `{ name, rows }`, or multipart with `name` and a CSV `file` (read by the controller's
 * interceptor; its rows become `rows`). Each row is held to the single create's rules by the worker; here only what may
 * never be stored is refused (NUL, lone surrogates, control characters). The row limit is a setting (BATCH_MAX_ROWS).
 */
export const createBatchSchema = safeObject({
  name: displayName({ label: 'Name', max: 100, min: 1, typeMessage: 'Name is required' }),
  rows: z
    .array(z.record(z.string(), z.unknown()).meta({ description: 'A row: qrType, name, tags, dynamic, style and the content fields' }), {
      error: BATCH_ROWS_REQUIRED,
    })
    .optional(),
});
export type CreateBatch = z.output<typeof createBatchSchema>;

export const EXPORT_FORMATS = ['png', 'svg', 'both'] as const;
export const PRINT_LAYOUTS = ['a4-3x8', 'letter-3x10', 'a4-1'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type PrintLayoutName = (typeof PRINT_LAYOUTS)[number];

/** GET /api/batches/{id}/codes.zip. */
export const zipQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: 'format must be png, svg or both' }).optional().default('png'),
});
export type ZipQuery = z.output<typeof zipQuery>;

/** GET /api/batches/{id}/print.pdf. */
export const printQuery = z.strictObject({
  layout: z.enum(PRINT_LAYOUTS, { error: 'layout must be a4-3x8, letter-3x10 or a4-1' }).optional().default('a4-3x8'),
  captions: z
    .enum(['true', 'false'], { error: 'captions must be true or false' })
    .optional()
    .default('true')
    .transform((value) => value === 'true'),
});
export type PrintQuery = z.output<typeof printQuery>;

const ids = z
  .array(uuidId(), { error: 'ids must be a list of code ids' })
  .min(1, 'Choose at least one code')
  .max(5000, 'At most 5000 codes at once');

/** POST /api/dashboard/codes/export.zip: the selected codes' files. */
export const selectionZipBody = z.strictObject({ ids, format: zipQuery.shape.format });
export type SelectionZipBody = z.output<typeof selectionZipBody>;

/** POST /api/dashboard/codes/print.pdf: the selected codes on the layout's sheets. */
export const selectionPrintBody = z.strictObject({
  ids,
  layout: printQuery.shape.layout,
  captions: z.boolean({ error: 'captions must be true or false' }).optional().default(true),
});
export type SelectionPrintBody = z.output<typeof selectionPrintBody>;
