import { QR_TYPES, type QrType } from '@qrsharks/qr-core';
import { z } from 'zod';

/**
 * What the generator's routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

/** GET /api/subdomain-info: the type a subdomain of the base domain preselects (menu.example.com: pdf). */
export const subdomainInfoAnswer = z.object({
  isSubdomain: z.boolean(),
  qrType: z
    .enum(QR_TYPES as unknown as [QrType, ...QrType[]])
    .nullable()
    .meta({ description: 'The preselected type, or null' }),
  subdomain: z.string().nullable(),
});
export type SubdomainInfo = z.output<typeof subdomainInfoAnswer>;

/** POST /api/generate-qrcode: a preview, stored nowhere (id is always null). */
export const generatedCodeAnswer = z.object({
  id: z.null(),
  qrType: z.string(),
  payload: z.string().meta({ description: 'The text the QR encodes' }),
  qrData: z.string().meta({ description: 'The same text (the spec names it qrData)' }),
  svg: z.string(),
  errorCorrectionLevel: z.enum(['L', 'M', 'Q', 'H']),
  temporary: z.boolean(),
  fields: z.record(z.string(), z.unknown()).meta({ description: 'The validated content fields' }),
  style: z.record(z.string(), z.unknown()).meta({ description: 'The style the image was drawn with' }),
});
