import { isQrType } from '@qrsharks/qr-core';
import { z } from 'zod';
import { displayName, safeObject, text } from '../../common/input';
import { listQuery, type ListQuery } from '../../common/list-query';

/**
 * The request bodies of the codes routes. They refuse what may never be stored (NUL, lone surrogates, control
 * characters, anywhere in the body) and document every field in /api/docs; the rules with the spec's messages
 * (content per type, style values, destinations) stay in code-input.ts and qr-core, so the messages clients know do
 * not change. Multipart bodies arrive as strings, JSON bodies with booleans and numbers: both are accepted.
 */
const flag = z.union([z.boolean(), z.string()]);
const colour = (label: string) => text({ label, max: 100 }).nullable().optional();
const choice = (label: string) => text({ label, max: 100 }).optional();
/** qrData: the content as a JSON object or its JSON text (the dynamic create sends it as a multipart field). */
const qrData = z.union([text({ label: 'qrData', max: 100_000, multiline: true, trim: false }), z.record(z.string(), z.unknown())]);

const styleShape = {
  fgColor: colour('fgColor'),
  bgColor: colour('bgColor'),
  foregroundColor: colour('foregroundColor'),
  backgroundColor: colour('backgroundColor'),
  gradientColor: colour('gradientColor'),
  qrStyle: choice('qrStyle'),
  dotShape: choice('dotShape'),
  cornerShape: choice('cornerShape'),
  innerCornerShape: choice('innerCornerShape'),
  outerCornerColor: colour('outerCornerColor'),
  innerCornerColor: colour('innerCornerColor'),
  enableFrame: flag.optional(),
  frameText: text({ label: 'Frame text', max: 1000, trim: false }).optional(),
  frameColor: colour('frameColor'),
  frameTextColor: colour('frameTextColor'),
  frameStyle: choice('frameStyle'),
};

/**
 * POST /api/qrcodes, /api/dynamic-qrcodes and /api/generate-qrcode: the type, the mode, the style, the destination,
 * and the type's content fields either flat in the body (url, firstName, productPrice, ...) or as `qrData`.
 */
export const codeBodySchema = safeObject({
  qrType: text({ label: 'qrType', max: 100, typeMessage: 'Please choose a QR code type from the list' }).optional(),
  qrMode: choice('qrMode'),
  destination: text({ label: 'URL', max: 4096 }).nullable().optional(),
  qrData: qrData.nullable().optional(),
  errorCorrectionLevel: choice('errorCorrectionLevel'),
  ...styleShape,
  pdfUrl: text({ label: 'pdfUrl', max: 2048 }).nullable().optional(),
  imageUrl: text({ label: 'imageUrl', max: 2048 }).nullable().optional(),
  uploadId: text({ label: 'uploadId', max: 100 }).nullable().optional(),
  /** generate-qrcode: the chosen logo's name (the generator preview); the file itself is a multipart part on save. */
  logoFile: text({ label: 'logoFile', max: 255 }).nullable().optional(),
  temporary: flag.optional(),
  /**
   * The owner's name for the new code (the dashboard's duplicate names its copy in the same request); blank: none. Not
   * `name`: flat content fields share this body, and `name` is a content field (a location's place name).
   */
  codeName: displayName({ label: 'Name', max: 100 }).nullable().optional(),
  /** Dynamic codes (issue 33): the back-half of /d/{code}, 4 to 64 of A-Z a-z 0-9 - _; 409 when taken. Random when absent. */
  customShortCode: text({ label: 'customShortCode', max: 200 }).nullable().optional(),
});
export type CodeBody = z.output<typeof codeBodySchema>;

/** GET /api/dynamic-qrcodes/short-code-availability: the back-half the person is typing. */
export const shortCodeAvailabilityQuery = z.strictObject({ code: text({ label: 'code', max: 200, typeMessage: 'code is required' }) });
export const shortCodeAvailabilityAnswer = z.object({ code: z.string(), available: z.boolean() });

/** PUT /api/qrcodes/{id} and /api/dynamic-qrcodes/{id}: what changes; the version the client saw may ride along. */
export const codeChangesSchema = safeObject({
  destination: text({ label: 'URL', max: 4096 }).nullable().optional(),
  /** The owner's name for the code (the dashboard's rename); blank or null clears it. */
  name: displayName({ label: 'Name', max: 100 }).nullable().optional(),
  qrData: qrData.optional(),
  ...styleShape,
  removeLogo: flag.optional(),
  expectedVersion: z.union([z.number(), z.string()]).nullable().optional(),
  version: z.union([z.number(), z.string()]).nullable().optional(),
});
export type CodeChangesBody = z.output<typeof codeChangesSchema>;

/** POST /api/track-generation: what the generator reports (anonymous callers too). */
export const trackGenerationSchema = safeObject({
  qrType: text({ label: 'qrType', max: 100, typeMessage: 'qrType is required' }).optional(),
  qrCodeId: z.union([z.string(), z.number()]).nullable().optional(),
  qrData: text({ label: 'qrData', max: 100_000, multiline: true, trim: false }).nullable().optional(),
  foregroundColor: colour('foregroundColor'),
  backgroundColor: colour('backgroundColor'),
  hasLogo: flag.optional(),
  sessionId: text({ label: 'sessionId', max: 1000 }).nullable().optional(),
});
export type TrackGenerationBody = z.output<typeof trackGenerationSchema>;

/** POST /api/track-download: a download the generator made in the browser (one call per file saved). */
export const trackDownloadSchema = trackGenerationSchema.extend({
  downloadType: z.enum(['png', 'svg'], { error: 'downloadType must be png or svg' }),
});
export type TrackDownloadBody = z.output<typeof trackDownloadSchema>;

/** GET /api/qrcodes/{id}/download */
export const downloadQuerySchema = z.object({
  format: z.enum(['png', 'svg'], { error: 'format must be png or svg' }).optional(),
});
export type DownloadQuery = z.output<typeof downloadQuerySchema>;

/**
 * GET /api/dashboard/codes (the dashboard's list, ra-data-simple-rest dialect): the caller's static and dynamic codes
 * in one list. Filter: `q` (name, destination or content contains it), `qrType`, `mode` (static/dynamic), `tag` and `paused`
 * (only dynamic codes can be paused: paused=true lists paused dynamic codes, paused=false every code that answers).
 */
export const DASHBOARD_SORTABLE = ['createdAt', 'name', 'qrType', 'scanCount'] as const;
export const dashboardCodesQuery = listQuery({
  sortable: DASHBOARD_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filter: z.strictObject(
    {
      q: text({ label: 'q', max: 100 }).optional(),
      qrType: z
        .string({ error: 'qrType must be one of the QR code types' })
        .refine(isQrType, 'qrType must be one of the QR code types')
        .optional(),
      mode: z.enum(['static', 'dynamic'], { error: 'mode must be static or dynamic' }).optional(),
      paused: z.boolean({ error: 'paused must be true or false' }).optional(),
      /** Issue 35: codes carrying this tag (ignoring case). */
      tag: text({ label: 'tag', max: 50 }).optional(),
    },
    { error: 'filter may hold q, qrType, mode, paused and tag' },
  ),
  maxPage: 100,
});
export type DashboardCodesQuery = ListQuery<z.output<typeof dashboardCodesQuery>['filter'], (typeof DASHBOARD_SORTABLE)[number]>;
