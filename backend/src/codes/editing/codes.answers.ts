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

const timestamp = z.string().meta({ description: 'An ISO 8601 timestamp' });
const nullableText = z.string().nullable();

/**
 * A saved code as the API answers it (the lists, the dashboard's one code, what a create or change answers): its
 * row, the text its QR encodes (`content`) and its one display name. Dynamic codes add their /d/ link, destination and
 * scan figures; static codes add the columns of their content type (url, email, pdfTitle ...), left open here.
 */
export const codeAnswer = z
  .object({
    id: z.string(),
    userId: z.string(),
    qrMode: z.enum(['static', 'dynamic']),
    qrType: z.string(),
    name: nullableText.meta({ description: "The owner's name for the code; null shows displayName instead" }),
    displayName: z.string().meta({ description: 'The typed name, else one derived from the content (never a payload or password)' }),
    tags: z.array(z.string()).meta({ description: "The owner's tags, in their order (at most 20)" }),
    content: nullableText.meta({ description: 'What the QR encodes: the text of a static code, the /d/ link of a dynamic one' }),
    qrData: z.record(z.string(), z.unknown()).meta({ description: 'The validated content fields as sent' }),
    platform: nullableText,
    fgColor: z.string(),
    bgColor: z.string(),
    gradientColor: nullableText,
    qrStyle: z.string(),
    dotShape: z.string(),
    cornerShape: z.string(),
    innerCornerShape: z.string(),
    outerCornerColor: nullableText,
    innerCornerColor: nullableText,
    errorCorrectionLevel: z.string(),
    logoFilePath: nullableText,
    logoFileName: nullableText,
    enableFrame: z.boolean(),
    frameText: z.string(),
    frameColor: z.string(),
    frameTextColor: z.string(),
    frameStyle: z.string(),
    isPaused: z.boolean(),
    pausedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int().min(0).meta({ description: "The code stream's revision (what If-Match names)" }),
    shortCode: z.string().optional().meta({ description: 'Dynamic codes only' }),
    link: z.string().optional().meta({ description: 'Dynamic codes only: the /d/ link the QR encodes' }),
    destination: nullableText.optional().meta({ description: 'Dynamic codes only' }),
    scanCount: z.number().int().min(0).optional().meta({ description: 'Dynamic codes only' }),
    lastScannedAt: timestamp.nullable().optional().meta({ description: 'Dynamic codes only' }),
    hasPassword: z.boolean().optional().meta({ description: 'Dynamic codes only' }),
    isSuspended: z.boolean().optional().meta({ description: 'Dynamic codes only: suspended by staff (abuse)' }),
    suspensionReason: nullableText.optional().meta({ description: 'Dynamic codes only' }),
  })
  .loose();
export type CodeAnswer = z.output<typeof codeAnswer>;

/** What DELETE answers (and a change of a code deleted meanwhile). */
export const deletedCodeAnswer = z.object({ id: z.string(), deleted: z.literal(true) });

/** POST /api/track-generation and /api/track-download: the recorded event's id. */
export const trackedAnswer = z.object({
  tracked: z.literal(true),
  id: z.string().meta({ description: 'The id of the recorded QrGenerated or QrDownloaded event' }),
});
export type TrackedAnswer = z.output<typeof trackedAnswer>;
