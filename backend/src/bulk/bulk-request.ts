import {
  chooseErrorCorrection,
  encodePayload,
  LowContrastError,
  QrEncodeError,
  QrStyleError,
  renderSvg,
  styleSchema,
  validateContent,
} from '@qrsharks/qr-core';
import { z } from 'zod';
import { DomainError } from '../common/domain-error';
import { safeObject, zodErrors } from '../common/input';

/** POST /api/bulk-generate-qrcode: one line of a bulk run, parsed, checked and rendered. Pure: no Nest, no I/O. */
export type BulkType = 'url' | 'text';

export interface BulkRequest {
  qrType: BulkType;
  /** What the code encodes. */
  payload: string;
  fgColor: string;
  bgColor: string;
}

/** Same bound as a saved code's fields; the encoder's capacity (about 1,270 bytes at level H) refuses less. */
export const MAX_BULK_DATA = 2000;
export const DEFAULT_FG = '#000000';
export const DEFAULT_BG = '#FFFFFF';
export const BULK_MESSAGES = {
  qrType: 'qrType must be url or text',
  urlTooLong: `URL must be at most ${MAX_BULK_DATA} characters`,
  textTooLong: `Text must be at most ${MAX_BULK_DATA} characters`,
} as const;

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** A field documented as the page sends it, but checked by qr-core's validators below (with the core spec's messages). */
const field = (description: string, extra: Record<string, unknown> = {}) =>
  z
    .unknown()
    .optional()
    .meta({ type: 'string', description, ...extra });

/**
 * The route's body: its fields documented, every string in it free of NUL, control characters and lone surrogates.
 * Deliberately loose otherwise: the rate limit counts a line before its content is validated (parseBulkRequest).
 */
export const bulkBodySchema = safeObject({
  qrType: field('url (the default) or text', { enum: ['url', 'text'] }),
  qrData: z.preprocess(
    (value) => (isObject(value) ? value : undefined),
    z
      .looseObject({ url: field('The URL of a url line'), data: field('The text of a text line'), text: field('The text of a text line') })
      .optional(),
  ),
  data: field('The content when qrData has none'),
  fgColor: field(`Hex colour of the modules, default ${DEFAULT_FG}`),
  bgColor: field(`Hex colour of the background, default ${DEFAULT_BG}`),
});

export type BulkBody = z.output<typeof bulkBodySchema>;

/** The page sends {qrType, qrData: {url} | {data}, fgColor, bgColor, data}; qrData wins, `data` is the fallback. */
export function parseBulkRequest(raw: BulkBody): BulkRequest {
  const qrType = blank(raw.qrType) ? 'url' : raw.qrType;
  if (qrType !== 'url' && qrType !== 'text') throw DomainError.invalid({ qrType: BULK_MESSAGES.qrType });
  const qrData: Record<string, unknown> = raw.qrData ?? {};

  let payload: string;
  if (qrType === 'url') {
    const url = blank(qrData.url) ? raw.data : qrData.url;
    const verdict = validateContent('url', { url });
    if (!verdict.ok) throw DomainError.invalid(verdict.errors);
    payload = encodePayload('url', verdict.data, { origin: 'http://localhost' });
    if (payload.length > MAX_BULK_DATA) throw DomainError.invalid({ url: BULK_MESSAGES.urlTooLong });
  } else {
    const text = [qrData.data, qrData.text, raw.data].find((value) => !blank(value));
    const verdict = validateContent('text', { text });
    if (!verdict.ok) throw DomainError.invalid(verdict.errors);
    payload = encodePayload('text', verdict.data, { origin: 'http://localhost' });
    if (payload.length > MAX_BULK_DATA) throw DomainError.invalid({ text: BULK_MESSAGES.textTooLong });
  }

  const colours = styleSchema.safeParse({
    fgColor: blank(raw.fgColor) ? DEFAULT_FG : raw.fgColor,
    bgColor: blank(raw.bgColor) ? DEFAULT_BG : raw.bgColor,
  });
  if (!colours.success) throw DomainError.invalid(zodErrors(colours.error));
  return { qrType, payload, fgColor: colours.data.fgColor as string, bgColor: colours.data.bgColor as string };
}

/** The SVG of one line with qr-core's renderer; unreadable colours and oversized data are 400s with the field. */
export function renderBulk(request: BulkRequest): string {
  try {
    return renderSvg(
      request.payload,
      { fgColor: request.fgColor, bgColor: request.bgColor },
      { errorCorrectionLevel: chooseErrorCorrection({ dynamic: false, hasLogo: false }) },
    );
  } catch (error) {
    if (error instanceof LowContrastError || error instanceof QrStyleError) throw DomainError.invalid({ [error.field]: error.message });
    if (error instanceof QrEncodeError) throw DomainError.invalid({ [request.qrType === 'url' ? 'url' : 'text']: error.message });
    throw error;
  }
}
