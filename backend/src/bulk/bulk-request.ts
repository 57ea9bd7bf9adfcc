import { chooseErrorCorrection, encodePayload, LowContrastError, QrEncodeError, QrStyleError, renderSvg, styleSchema, validateContent } from '@qrsharks/qr-core';
import { ValidationFailed, zodErrors } from '../common/errors.filter';

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

const asObject = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The page sends {qrType, qrData: {url} | {data}, fgColor, bgColor, data}; qrData wins, `data` is the fallback. */
export function parseBulkRequest(body: unknown): BulkRequest {
  const raw = asObject(body);
  const qrType = blank(raw.qrType) ? 'url' : raw.qrType;
  if (qrType !== 'url' && qrType !== 'text') throw new ValidationFailed({ qrType: BULK_MESSAGES.qrType });
  const qrData = asObject(raw.qrData);

  let payload: string;
  if (qrType === 'url') {
    const url = blank(qrData.url) ? raw.data : qrData.url;
    const verdict = validateContent('url', { url });
    if (!verdict.ok) throw new ValidationFailed(verdict.errors);
    payload = encodePayload('url', verdict.data, { origin: 'http://localhost' });
    if (payload.length > MAX_BULK_DATA) throw new ValidationFailed({ url: BULK_MESSAGES.urlTooLong });
  } else {
    const text = [qrData.data, qrData.text, raw.data].find((value) => !blank(value));
    const verdict = validateContent('text', { text });
    if (!verdict.ok) throw new ValidationFailed(verdict.errors);
    payload = encodePayload('text', verdict.data, { origin: 'http://localhost' });
    if (payload.length > MAX_BULK_DATA) throw new ValidationFailed({ text: BULK_MESSAGES.textTooLong });
  }

  const colours = styleSchema.safeParse({ fgColor: blank(raw.fgColor) ? DEFAULT_FG : raw.fgColor, bgColor: blank(raw.bgColor) ? DEFAULT_BG : raw.bgColor });
  if (!colours.success) throw new ValidationFailed(zodErrors(colours.error));
  return { qrType, payload, fgColor: colours.data.fgColor as string, bgColor: colours.data.bgColor as string };
}

/** The SVG of one line with qr-core's renderer; unreadable colours and oversized data are 400s with the field. */
export function renderBulk(request: BulkRequest): string {
  try {
    return renderSvg(request.payload, { fgColor: request.fgColor, bgColor: request.bgColor }, { errorCorrectionLevel: chooseErrorCorrection({ dynamic: false, hasLogo: false }) });
  } catch (error) {
    if (error instanceof LowContrastError || error instanceof QrStyleError) throw new ValidationFailed({ [error.field]: error.message });
    if (error instanceof QrEncodeError) throw new ValidationFailed({ [request.qrType === 'url' ? 'url' : 'text']: error.message });
    throw error;
  }
}
