import { QR_TYPES, type QrType } from '@qrsharks/qr-core';
import { z } from 'zod';
import { type Sent } from '../../common/input';
import type { DynamicCodeDto, StaticCodeDto } from '../read-model/code-dto';

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

const timestamp = z.string().meta({ description: 'An ISO 8601 timestamp' });
const nullableText = z.string().nullable();
const shape = z.enum(['square', 'circle', 'rounded']);
/** A code's content type and mode, as every answer that names them types them (one of qr-core's QR_TYPES). */
export const qrTypeAnswer = z.enum(QR_TYPES as [QrType, ...QrType[]]);
export const qrModeAnswer = z.enum(['static', 'dynamic']);
const staticOnly = <T extends z.ZodType>(schema: T) =>
  schema.optional().meta({ description: 'Static codes only (null unless its type uses it)' });
const dynamicOnly = <T extends z.ZodType>(schema: T, description = 'Dynamic codes only') => schema.optional().meta({ description });

/**
 * A saved code as the API answers it (the lists, the dashboard's one code, what a create or change answers): its
 * row, the text its QR encodes (`content`) and its one display name. Dynamic codes add their /d/ link, destination and
 * scan figures; static codes add the columns of their content type (code-columns.map.ts's staticColumns, camel-cased).
 * Exact: every field the server sends is here with its type (a row field not named here fails the typecheck below).
 */
export const codeAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  qrMode: qrModeAnswer,
  qrType: qrTypeAnswer,
  name: nullableText.meta({ description: "The owner's name for the code; null shows displayName instead" }),
  displayName: z.string().meta({ description: 'The typed name, else one derived from the content (never a payload or password)' }),
  tags: z.array(z.string()).meta({ description: "The owner's tags, in their order (at most 20)" }),
  content: nullableText.meta({ description: 'What the QR encodes: the text of a static code, the /d/ link of a dynamic one' }),
  qrData: z.record(z.string(), z.unknown()).meta({ description: 'The validated content fields as sent' }),
  platform: nullableText,
  fgColor: z.string(),
  bgColor: z.string(),
  gradientColor: nullableText,
  qrStyle: z.string().meta({ description: "The spec's style name; the renderer knows only 'squares' (the dot shape is dotShape)" }),
  dotShape: shape,
  cornerShape: shape,
  innerCornerShape: shape,
  outerCornerColor: nullableText,
  innerCornerColor: nullableText,
  errorCorrectionLevel: z.enum(['L', 'M', 'Q', 'H']),
  logoFilePath: nullableText,
  logoFileName: nullableText,
  enableFrame: z.boolean(),
  frameText: z.string(),
  frameColor: z.string(),
  frameTextColor: z.string(),
  frameStyle: z.enum(['rounded', 'square']),
  isPaused: z.boolean(),
  pausedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: z.number().int().min(0).meta({ description: "The code stream's revision (what If-Match names)" }),
  url: staticOnly(nullableText),
  firstName: staticOnly(nullableText),
  lastName: staticOnly(nullableText),
  email: staticOnly(nullableText),
  phoneNumber: staticOnly(nullableText),
  notes: staticOnly(nullableText),
  imageUrl: staticOnly(nullableText),
  productName: staticOnly(nullableText),
  productDescription: staticOnly(nullableText),
  pdfTitle: staticOnly(nullableText),
  pdfUrl: staticOnly(nullableText),
  pdfFilePath: staticOnly(nullableText),
  pdfFileName: staticOnly(nullableText),
  pdfDescription: staticOnly(nullableText),
  imageTitle: staticOnly(nullableText),
  imageDescription: staticOnly(nullableText),
  imageFilePath: staticOnly(nullableText),
  imageFileName: staticOnly(nullableText),
  businessName: staticOnly(nullableText),
  reviewUrl: staticOnly(nullableText),
  appName: staticOnly(nullableText),
  appDescription: staticOnly(nullableText),
  appStoreUrl: staticOnly(nullableText),
  playStoreUrl: staticOnly(nullableText),
  appCategory: staticOnly(nullableText),
  appDeveloper: staticOnly(nullableText),
  emailRecipient: staticOnly(nullableText),
  emailSubject: staticOnly(nullableText),
  emailBody: staticOnly(nullableText),
  locationAddress: staticOnly(nullableText),
  locationName: staticOnly(nullableText),
  locationDescription: staticOnly(nullableText),
  productPrice: staticOnly(z.number().int().nullable()),
  locationLatitude: staticOnly(nullableText.meta({ description: 'Decimal degrees as PostgreSQL prints numeric(10,7)' })),
  locationLongitude: staticOnly(nullableText.meta({ description: 'Decimal degrees as PostgreSQL prints numeric(10,7)' })),
  shortCode: dynamicOnly(z.string()),
  link: dynamicOnly(z.string(), 'Dynamic codes only: the /d/ link the QR encodes'),
  destination: dynamicOnly(nullableText),
  scanCount: dynamicOnly(z.number().int().min(0)),
  lastScannedAt: dynamicOnly(timestamp.nullable()),
  hasPassword: dynamicOnly(z.boolean()),
  isSuspended: dynamicOnly(z.boolean(), 'Dynamic codes only: suspended by staff (abuse)'),
  suspensionReason: dynamicOnly(nullableText),
});
export type CodeAnswer = z.output<typeof codeAnswer>;

// The row types the handlers send (read-model/code-dto.ts) against this schema, at compile time: each is assignable
// to CodeAnswer (no field wider than documented), and none has a field the schema does not name.
type SentCode = Sent<StaticCodeDto> | Sent<DynamicCodeDto>;
type Undocumented = Exclude<keyof Sent<StaticCodeDto> | keyof Sent<DynamicCodeDto>, keyof CodeAnswer>;
export const codeRowsAreDocumented: { sent: (row: SentCode) => CodeAnswer; extra: [Undocumented] extends [never] ? true : Undocumented } = {
  sent: (row) => row,
  extra: true,
};

/** What DELETE answers (and a change of a code deleted meanwhile). */
export const deletedCodeAnswer = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletedCodeAnswer = z.output<typeof deletedCodeAnswer>;

/** POST /api/track-generation and /api/track-download: the recorded event's id. */
export const trackedAnswer = z.object({
  tracked: z.literal(true),
  id: z.string().meta({ description: 'The id of the recorded QrGenerated or QrDownloaded event' }),
});
export type TrackedAnswer = z.output<typeof trackedAnswer>;
