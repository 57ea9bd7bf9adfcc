import { QR_TYPES, type QrType } from '@qrsharks/qr-core';
import { z } from 'zod';
import { qrTypeAnswer } from '../editing/codes.answers';

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

/** Issue 35: a code's scannability (rendering/scannability.ts), checked in a render process. */
export const scanReportAnswer = z.object({
  scans: z.boolean().meta({ description: 'Both decoders read exactly the encoded text' }),
  decoders: z.object({
    jsqr: z.boolean().meta({ description: 'jsQR read it' }),
    zxing: z.boolean().meta({ description: 'zxing-wasm (ZXing-C++) read it' }),
  }),
  width: z.number().int().meta({ description: 'The width it was read at, in pixels' }),
  warnings: z.array(
    z.object({
      code: z.enum(['low-contrast', 'logo-too-large', 'quiet-zone-too-small']),
      field: z.string().optional().meta({ description: 'The style field to change, when one is to blame' }),
      message: z.string().meta({ description: 'A sentence for a person, saying what to change' }),
    }),
  ),
});

/** POST /api/generate-qrcode: a preview, stored nowhere (id is always null). */
export const generatedCodeAnswer = z.object({
  id: z.null(),
  qrType: qrTypeAnswer,
  payload: z.string().meta({ description: 'The text the QR encodes' }),
  qrData: z.string().meta({ description: 'The same text (the spec names it qrData)' }),
  svg: z.string(),
  errorCorrectionLevel: z.enum(['L', 'M', 'Q', 'H']),
  temporary: z.boolean(),
  fields: z.record(z.string(), z.unknown()).meta({ description: 'The validated content fields' }),
  style: z.record(z.string(), z.unknown()).meta({ description: 'The style the image was drawn with' }),
  scannability: scanReportAnswer.nullable().meta({
    description: 'Whether the code scans at print size (984 px) with two decoders, and warnings; null when rendering is busy',
  }),
});
