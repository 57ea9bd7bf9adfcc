// The bodies of the generator's calls (spec section 7), built as pure functions so their shape is
// unit-tested without a browser or a server.
import type { QrStyle, QrType } from '@qrsharks/qr-core/browser';
import type { ApiAnswer } from '../api/types';

export type QrMode = 'static' | 'dynamic';

export interface LogoChoice {
  source: 'upload' | 'preset';
  /** File name sent to the server (presets get e.g. 'instagram.svg'). */
  name: string;
  /** Data URL drawn into the preview. */
  href: string;
  file: File;
}

export interface GeneratorForm {
  qrType: QrType;
  fields: Record<string, unknown>;
  /** Style without the logo; the logo lives in `logo` because the server wants the file too. */
  style: QrStyle;
  mode: QrMode;
  logo: LogoChoice | null;
  /** The owner's name for the code (signed in; blank: the server names it from its content). Sent as codeName. */
  name?: string;
  /** A dynamic code's chosen back-half (issue 33); blank: the server picks a random one. Sent as customShortCode. */
  customShortCode?: string;
}

/**
 * What a code on show was made from: type, mode and content (a file by its name, size and date). A saved code is shown
 * only while the form still holds this content, so its picture and downloads never pass for a code of new content.
 */
export function contentKey(form: Pick<GeneratorForm, 'qrType' | 'mode' | 'fields'>): string {
  return JSON.stringify([form.qrType, form.mode, form.fields], (_key, value: unknown) =>
    isFile(value) ? { file: value.name, size: value.size, lastModified: value.lastModified } : value,
  );
}

/** The typed name, if any, as the create calls take it (codeName, recorded as QrRenamed in the same append). */
function appendName(data: FormData, form: GeneratorForm): void {
  const name = form.name?.trim();
  if (name) data.append('codeName', name);
}

function isFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File;
}

/** The style half of every generation body, with the spec's field names. */
export function styleFields(style: QrStyle): Record<string, string | boolean | null> {
  return {
    foregroundColor: style.fgColor,
    backgroundColor: style.bgColor,
    gradientColor: style.gradientColor,
    dotShape: style.dotShape,
    cornerShape: style.cornerShape,
    innerCornerShape: style.innerCornerShape,
    outerCornerColor: style.outerCornerColor,
    innerCornerColor: style.innerCornerColor,
    enableFrame: style.enableFrame,
    frameText: style.frameText,
    frameColor: style.frameColor,
    frameTextColor: style.frameTextColor,
    frameStyle: style.frameStyle,
  };
}

/** Content fields as JSON can carry them: a chosen file travels as its name. */
export function jsonContentFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    out[key] = isFile(value) ? value.name : value;
  }
  return out;
}

/** POST /api/generate-qrcode (anonymous, JSON): form data, colours, shapes, frame, logo name. */
export function buildGenerateBody(form: GeneratorForm, options: { temporary: boolean }): Record<string, unknown> {
  return {
    qrType: form.qrType,
    ...jsonContentFields(form.fields),
    ...styleFields(form.style),
    logoFile: form.logo ? form.logo.name : null,
    ...(options.temporary ? { temporary: true } : {}),
  };
}

function appendValue(data: FormData, key: string, value: unknown): void {
  // Multipart has no null: an absent optional colour is simply not sent.
  if (value === undefined || value === null) return;
  if (isFile(value)) data.append(key, value, value.name);
  else data.append(key, typeof value === 'string' ? value : String(value));
}

/**
 * POST /api/qrcodes (signed in, multipart): every form field plus the style, qrMode and logoFile.
 * `extra` carries what an earlier upload returned (pdfUrl, imageUrl, ...), replacing the raw file.
 */
export function buildSaveFormData(form: GeneratorForm, extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  data.append('qrType', form.qrType);
  const uploaded = Object.keys(extra).length > 0;
  for (const [key, value] of Object.entries(form.fields)) {
    // The file already went up through /api/upload-pdf or /api/upload-image; do not send it twice.
    if (uploaded && isFile(value)) continue;
    appendValue(data, key, value);
  }
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  for (const [key, value] of Object.entries(styleFields(form.style))) appendValue(data, key, value);
  data.append('qrMode', form.mode);
  appendName(data, form);
  if (form.logo) data.append('logoFile', form.logo.file, form.logo.name);
  return data;
}

/**
 * POST /api/dynamic-qrcodes (multipart), field for field as spec section 7 lists them; `extra`
 * carries an earlier upload's reference (pdfUrl, imageUrl) for pdf and images codes.
 */
export function buildDynamicFormData(form: GeneratorForm, destination: string, extra: Record<string, string> = {}): FormData {
  const data = new FormData();
  const s = form.style;
  data.append('destination', destination);
  data.append('qrType', form.qrType);
  data.append('qrData', JSON.stringify(jsonContentFields(form.fields)));
  data.append('fgColor', s.fgColor);
  data.append('bgColor', s.bgColor);
  appendValue(data, 'gradientColor', s.gradientColor);
  data.append('qrStyle', 'squares');
  // Dynamic codes are printed once and edited later, so they use the spec's level M.
  data.append('errorCorrectionLevel', 'M');
  data.append('dotShape', s.dotShape);
  data.append('cornerShape', s.cornerShape);
  data.append('innerCornerShape', s.innerCornerShape);
  appendValue(data, 'outerCornerColor', s.outerCornerColor);
  appendValue(data, 'innerCornerColor', s.innerCornerColor);
  // The dynamic table stores the frame too (website spec, dynamic_qr_codes), so send it.
  data.append('enableFrame', String(s.enableFrame));
  data.append('frameText', s.frameText);
  data.append('frameColor', s.frameColor);
  data.append('frameTextColor', s.frameTextColor);
  data.append('frameStyle', s.frameStyle);
  for (const [key, value] of Object.entries(extra)) data.append(key, value);
  appendName(data, form);
  const backHalf = form.customShortCode?.trim();
  if (backHalf) data.append('customShortCode', backHalf);
  if (form.logo) data.append('logoFile', form.logo.file, form.logo.name);
  return data;
}

export interface TrackGenerationBody {
  qrCodeId: string | number | null;
  qrData: string;
  qrType: QrType;
  foregroundColor: string;
  backgroundColor: string;
  hasLogo: boolean;
  sessionId: string;
}

export function buildTrackBody(
  form: GeneratorForm,
  qrData: string,
  qrCodeId: string | number | null,
  sessionId: string,
): TrackGenerationBody {
  return {
    qrCodeId,
    qrData,
    qrType: form.qrType,
    foregroundColor: form.style.fgColor,
    backgroundColor: form.style.bgColor,
    hasLogo: form.logo !== null,
    sessionId,
  };
}

export const SESSION_ID_KEY = 'qrSessionId';

/** 'anon_' + timestamp + random, as the spec describes the locally kept session id. */
export function createSessionId(now: number = Date.now(), random: () => number = Math.random): string {
  return `anon_${now}_${random().toString(36).slice(2, 11)}`;
}

/** The session id kept in local storage; made once, then reused across visits. */
export function getSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  const existing = storage?.getItem(SESSION_ID_KEY);
  if (existing) return existing;
  const id = createSessionId();
  try {
    storage?.setItem(SESSION_ID_KEY, id);
  } catch {
    // Private mode or a full quota: a per-page id still groups this visit's events.
  }
  return id;
}

/** A dynamic code redirects, and the redirect only ever goes to http(s) (design section 6). */
export function isWebDestination(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The status of an error raised by the shared fetch helper ('{status}: {body}'), or null. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** The file an upload call expects, and the fields its answer adds to the saved code. */
export interface UploadPlan {
  path: '/api/upload-pdf' | '/api/upload-image';
  body: FormData;
}

export function buildUploadPlan(qrType: QrType, fields: Record<string, unknown>): UploadPlan | null {
  const title = typeof fields.title === 'string' ? fields.title : '';
  const description = typeof fields.description === 'string' ? fields.description : '';
  if (qrType === 'pdf' && isFile(fields.pdfFile)) {
    const body = new FormData();
    body.append('pdfFile', fields.pdfFile, fields.pdfFile.name);
    body.append('pdfTitle', title);
    body.append('pdfDescription', description);
    return { path: '/api/upload-pdf', body };
  }
  if (qrType === 'images' && isFile(fields.imageFile)) {
    const body = new FormData();
    body.append('imageFile', fields.imageFile, fields.imageFile.name);
    body.append('imageTitle', title);
    body.append('imageDescription', description);
    return { path: '/api/upload-image', body };
  }
  return null;
}

/** What the server answers, generated from its OpenAPI document (codes/generator, editing and uploads answers). */
export type GeneratedCode = ApiAnswer<'/api/generate-qrcode', 'post'>;
export type SavedCode = ApiAnswer<'/api/qrcodes', 'post'>;
export type UploadResult = ApiAnswer<'/api/upload-pdf', 'post'>;

/** Fields the saved code records about an upload (qr_codes: pdfUrl, pdfFileName, imageFileName...). */
export function uploadFields(qrType: QrType, result: UploadResult): Record<string, string> {
  const out: Record<string, string> = {};
  if (qrType === 'pdf') {
    if (result.pdfUrl) out.pdfUrl = result.pdfUrl;
    if (result.fileName) out.pdfFileName = result.fileName;
  } else if (qrType === 'images') {
    if (result.imageUrl) out.imageUrl = result.imageUrl;
    if (result.fileName) out.imageFileName = result.fileName;
  }
  return out;
}
