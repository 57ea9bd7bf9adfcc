// Edit after printing (issue 30 item 3), the pure half: what the editor starts from (a saved code's content, style,
// logo and name) and the bodies it sends, the PUT of an edit (with If-Match, by the data provider) and the create of a
// 'Duplicate and edit'. Unit-tested in code-edit.spec.ts without a browser.
import { DEFAULT_STYLE, isUrlType, type encodePayload, type QrStyle } from '@qrsharks/qr-core/browser';
import type { DashboardCode } from '../dashboard-code';

/** What the editor holds: the content fields, the style (its logo apart), the logo and the owner's name. */
export interface CodeDraft {
  name: string;
  fields: Record<string, unknown>;
  /** The style without its logo; `gradientColor` null for one colour. */
  style: QrStyle;
  /** 'keep': the saved logo stays; null: no logo (removed); a file: a new logo. */
  logo: 'keep' | null | { file: Blob; name: string };
}

export const STALE_EDIT = 'This code was changed elsewhere; reload to see the latest version.';
export const STATIC_CONTENT_NOTE =
  'This is a static QR code: its content is printed in the pattern itself, so it cannot be changed. Its name, colours, ' +
  'logo and frame can still change for future downloads. To use other content, duplicate it and edit the copy.';
export const DYNAMIC_CONTENT_NOTE = 'Scans will show the new content. The printed code stays the same: it still encodes';

const sameUrl = (a: unknown, b: string): boolean => {
  try {
    return typeof a === 'string' && new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
};

/** The content the editor starts from: a web code's url is where it leads now (an older destination edit moved only that). */
export function draftFields(code: DashboardCode): Record<string, unknown> {
  const fields = { ...code.qrData };
  if (code.qrMode === 'dynamic' && isUrlType(code.qrType) && code.destination && !sameUrl(fields.url, code.destination))
    fields.url = code.destination;
  return fields;
}

export function draftOf(code: DashboardCode): CodeDraft {
  return {
    name: code.name ?? '',
    fields: draftFields(code),
    style: {
      ...DEFAULT_STYLE,
      fgColor: code.fgColor,
      bgColor: code.bgColor,
      gradientColor: code.gradientColor,
      dotShape: code.dotShape as QrStyle['dotShape'],
      cornerShape: code.cornerShape as QrStyle['cornerShape'],
      innerCornerShape: code.innerCornerShape as QrStyle['innerCornerShape'],
      outerCornerColor: code.outerCornerColor,
      innerCornerColor: code.innerCornerColor,
      enableFrame: code.enableFrame,
      frameText: code.frameText,
      frameColor: code.frameColor,
      frameTextColor: code.frameTextColor,
      frameStyle: code.frameStyle as QrStyle['frameStyle'],
      logo: null,
    },
    logo: code.logoFilePath ? 'keep' : null,
  };
}

/** Content as JSON carries it: file fields (a chosen file, never edited here) stay out. */
function contentJson(fields: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && !(value instanceof Blob)) out[key] = value;
  return JSON.stringify(out);
}

/** The style with the save calls' names; an absent optional colour is sent empty (the server stores none). */
function styleForm(style: QrStyle): Record<string, string> {
  return {
    fgColor: style.fgColor,
    bgColor: style.bgColor,
    gradientColor: style.gradientColor ?? '',
    dotShape: style.dotShape,
    cornerShape: style.cornerShape,
    innerCornerShape: style.innerCornerShape,
    outerCornerColor: style.outerCornerColor ?? '',
    innerCornerColor: style.innerCornerColor ?? '',
    enableFrame: String(style.enableFrame),
    frameText: style.frameText,
    frameColor: style.frameColor,
    frameTextColor: style.frameTextColor,
    frameStyle: style.frameStyle,
  };
}

function formOf(values: Record<string, string>, logo: CodeDraft['logo'] | Blob | null, logoName: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (logo instanceof Blob) form.append('logoFile', logo, logoName);
  else if (logo && logo !== 'keep') form.append('logoFile', logo.file, logo.name);
  return form;
}

/**
 * PUT /api/qrcodes/{id} or /api/dynamic-qrcodes/{id}: name, style and logo; the content only for a dynamic code whose
 * content was changed (a static code's content is its printed pattern: the server refuses it). A web or map code's destination follows its
 * content on the server.
 */
export function editForm(code: DashboardCode, draft: CodeDraft): FormData {
  const values: Record<string, string> = {
    name: draft.name.trim(),
    // Content only when it changed: the same content sent again would record a change of a web code whose saved url
    // and destination are spelt differently.
    ...(code.qrMode === 'dynamic' && contentJson(draft.fields) !== contentJson(draftFields(code))
      ? { qrData: contentJson(draft.fields) }
      : {}),
    ...styleForm(draft.style),
    ...(draft.logo === null && code.logoFilePath ? { removeLogo: 'true' } : {}),
  };
  return formOf(values, draft.logo, 'logo.png');
}

/** qr-core's encoder, passed in: the dashboard loads it through the generator card's chunk (see CodeEdit.tsx). */
export type Encode = typeof encodePayload;

/** Where a dynamic copy leads: its web address, its map link, or the original's upload page; else its hosted page. */
export function copyDestination(code: DashboardCode, fields: Record<string, unknown>, encode: Encode): string | null {
  if (code.qrMode !== 'dynamic') return null;
  if (isUrlType(code.qrType)) return typeof fields.url === 'string' ? fields.url.trim() : '';
  if (code.qrType === 'location') return encode('location', fields, { origin: '' });
  if (code.qrType === 'pdf' || code.qrType === 'images') return code.destination ?? null;
  return null;
}

/**
 * POST /api/qrcodes or /api/dynamic-qrcodes for 'Duplicate and edit': a new code (a dynamic one gets its own short
 * link) with the draft's content, style and name; the saved logo travels as the file `keptLogo` (fetched by the caller).
 */
export function copyForm(code: DashboardCode, draft: CodeDraft, keptLogo: Blob | null, encode: Encode): FormData {
  const destination = copyDestination(code, draft.fields, encode);
  const values: Record<string, string> = {
    qrType: code.qrType,
    qrMode: code.qrMode,
    qrData: contentJson(draft.fields),
    ...styleForm(draft.style),
    errorCorrectionLevel: code.errorCorrectionLevel,
    ...(draft.name.trim() ? { codeName: draft.name.trim() } : {}),
    ...(destination !== null ? { destination } : {}),
  };
  for (const key of ['gradientColor', 'outerCornerColor', 'innerCornerColor']) if (!values[key]) delete values[key];
  return formOf(values, draft.logo === 'keep' ? keptLogo : draft.logo, code.logoFileName ?? 'logo.png');
}

/** The per-field messages of a 400 (`"{status}: {body}"` with `errors`), or {}. */
export function fieldErrors(error: unknown): Record<string, string> {
  const match = error instanceof Error ? /^\d{3}: ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return {};
  try {
    const body = JSON.parse(match[1]) as { errors?: unknown };
    if (!body.errors || typeof body.errors !== 'object') return {};
    return Object.fromEntries(Object.entries(body.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
