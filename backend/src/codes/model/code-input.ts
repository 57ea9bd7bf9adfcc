import {
  chooseErrorCorrection,
  DEFAULT_STYLE,
  isQrType,
  isUrlType,
  styleSchema,
  validateContent,
  type ErrorCorrectionLevel,
  type QrType,
} from '@qrsharks/qr-core';
import { DomainError } from '../../common/domain-error';
import { zodErrors } from '../../common/input';
import { MAX_DESTINATION_LENGTH } from '../destinations/destination';
import type { CodeBody, CodeChangesBody } from '../editing/codes.schemas';
import { checkCustomShortCode, CUSTOM_SHORT_CODE_STATIC } from './short-code';
import type { QrMode, StoredStyle } from './qr-code.events';

/**
 * The rules of a code's input with the spec's messages (type, mode, content per type, style values, levels), pure so
 * they are unit-tested without a server. The edge runs them inside the codes routes' zod schemas (codes.schemas.ts):
 * a controller receives parsed input from @BodyOf like every other route; the decisions reuse the content rules.
 */

/** What a create call carries once parsed. */
export interface CodeInput {
  qrType: QrType;
  mode: QrMode;
  fields: Record<string, unknown>;
  style: StoredStyle;
  errorCorrectionLevel: ErrorCorrectionLevel;
  /** As sent (dynamic codes); checked by the create decision. */
  destination: string | null;
  /** References to earlier uploads (pdf and images codes), resolved by the create command. */
  pdfUrl: string | null;
  imageUrl: string | null;
  uploadId: string | null;
  /** The owner's name for the code, or null (recorded as QrRenamed with QrCreated). */
  name: string | null;
  /**
   * A dynamic code's chosen back-half (issue 33), checked; absent: a random one. Absent rather than null, so an
   * Idempotency-Key's request digest of a create without one is what it was before back-halves existed.
   */
  customShortCode?: string;
}

/** What a PUT carries once parsed; content is validated against the code's own type by the decision. */
export interface CodeChanges {
  /** Present when the body names it ('' included: that is refused as 'URL is required'). */
  destination?: string;
  /** The dashboard's rename: present when the body names it; null or blank clears the name. */
  name?: string | null;
  style: Partial<StoredStyle>;
  /** The raw content fields (from qrData). */
  content?: Record<string, unknown>;
  removeLogo: boolean;
}

export const MAX_FIELD_LENGTH = 2000;
const LEVELS: readonly ErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];
const FILE_FIELDS = ['pdfFile', 'imageFile', 'logoFile'];

const blankToUndefined = (value: unknown) => (value === '' || value === 'null' || value === 'undefined' ? undefined : value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export const DEFAULT_STORED_STYLE: StoredStyle = {
  fgColor: DEFAULT_STYLE.fgColor,
  bgColor: DEFAULT_STYLE.bgColor,
  gradientColor: null,
  qrStyle: 'squares',
  dotShape: DEFAULT_STYLE.dotShape,
  cornerShape: DEFAULT_STYLE.cornerShape,
  innerCornerShape: DEFAULT_STYLE.innerCornerShape,
  outerCornerColor: null,
  innerCornerColor: null,
  enableFrame: DEFAULT_STYLE.enableFrame,
  frameText: DEFAULT_STYLE.frameText,
  frameColor: DEFAULT_STYLE.frameColor,
  frameTextColor: DEFAULT_STYLE.frameTextColor,
  frameStyle: DEFAULT_STYLE.frameStyle,
};

/**
 * The style fields present in a body, validated. Accepts the generator's names (foregroundColor, backgroundColor)
 * and the save action's (fgColor, bgColor). Absent fields are absent from the result (partial).
 */
export function parseStyleChanges(body: Omit<CodeBody, 'qrData'> | Omit<CodeChangesBody, 'qrData'>): Partial<StoredStyle> {
  const optionalColour = (value: unknown) => (value === '' || value === 'null' ? null : value);
  const raw: Record<string, unknown> = {
    fgColor: blankToUndefined(body.fgColor ?? body.foregroundColor),
    bgColor: blankToUndefined(body.bgColor ?? body.backgroundColor),
    gradientColor: optionalColour(body.gradientColor),
    dotShape: blankToUndefined(body.dotShape),
    cornerShape: blankToUndefined(body.cornerShape),
    innerCornerShape: blankToUndefined(body.innerCornerShape),
    outerCornerColor: optionalColour(body.outerCornerColor),
    innerCornerColor: optionalColour(body.innerCornerColor),
    enableFrame: blankToUndefined(body.enableFrame),
    frameText: body.frameText,
    frameColor: blankToUndefined(body.frameColor),
    frameTextColor: blankToUndefined(body.frameTextColor),
    frameStyle: blankToUndefined(body.frameStyle),
  };
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  const parsed = styleSchema.safeParse(raw);
  if (!parsed.success) throw DomainError.invalid(zodErrors(parsed.error));
  const { logo: _logo, ...style } = parsed.data;
  const out: Partial<StoredStyle> = { ...(style as Partial<StoredStyle>) };
  const qrStyle = str(body.qrStyle);
  if (qrStyle) {
    if (qrStyle.length > 20) throw DomainError.invalid({ qrStyle: 'qrStyle must be at most 20 characters' });
    out.qrStyle = qrStyle;
  }
  return out;
}

/** Content fields from `qrData` (JSON text or object, the dynamic call) or from the flat body (the other calls). */
export function rawContentFields(body: { qrData?: unknown }): Record<string, unknown> {
  let source: unknown = body;
  if (typeof body.qrData === 'string' && body.qrData.trim().startsWith('{')) {
    try {
      source = JSON.parse(body.qrData);
    } catch {
      throw DomainError.invalid({ qrData: 'qrData must be a JSON object' });
    }
  } else if (body.qrData && typeof body.qrData === 'object' && !Array.isArray(body.qrData)) {
    source = body.qrData;
  }
  const fields = { ...(source as Record<string, unknown>) };
  // Files travel as multipart parts or through the upload calls; a file *name* in the fields means nothing.
  for (const key of FILE_FIELDS) delete fields[key];
  return fields;
}

/** Validates a type's content with qr-core's schemas (the spec's messages) plus a length bound per field. */
export function validateFields(qrType: QrType, raw: Record<string, unknown>): Record<string, unknown> {
  const verdict = validateContent(qrType, raw);
  if (!verdict.ok) throw DomainError.invalid(verdict.errors);
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(verdict.data)) {
    if (value === undefined) continue;
    // A web address may be as long as a destination (a dynamic web code's url is its destination): one limit.
    const limit = key === 'url' ? MAX_DESTINATION_LENGTH : MAX_FIELD_LENGTH;
    if (typeof value === 'string' && value.length > limit)
      throw DomainError.invalid({ [key]: `${key} must be at most ${limit} characters` });
    fields[key] = value;
  }
  return fields;
}

export function parseQrType(value: unknown): QrType {
  const type = value === undefined || value === null || value === '' ? 'url' : value;
  if (!isQrType(type)) throw DomainError.invalid({ qrType: 'Please choose a QR code type from the list' });
  return type;
}

/** A preview's input (POST /api/generate-qrcode): the type, its validated content and the style; stored nowhere. */
export function parsePreviewInput(body: CodeBody): { qrType: QrType; fields: Record<string, unknown>; style: StoredStyle } {
  const qrType = parseQrType(body.qrType);
  const fields = validateFields(qrType, rawContentFields(body));
  return { qrType, fields, style: { ...DEFAULT_STORED_STYLE, ...parseStyleChanges(body) } };
}

/**
 * A create body to its input. `mode` is the dynamic route's (the body's qrMode does not matter there). The level is
 * the one asked, else qr-core's choice without a logo: a logo sent as a file makes it H (CreateQrCodeCommand.from).
 */
export function parseCodeInput(body: CodeBody, options: { mode?: QrMode } = {}): CodeInput {
  const qrType = parseQrType(body.qrType);
  const modeRaw = options.mode ?? (body.qrMode === undefined || body.qrMode === '' ? 'static' : body.qrMode);
  if (modeRaw !== 'static' && modeRaw !== 'dynamic') throw DomainError.invalid({ qrMode: 'qrMode must be static or dynamic' });
  const mode: QrMode = modeRaw;
  const raw = rawContentFields(body);
  // A dynamic web code may come with its destination only: that is its url.
  if (mode === 'dynamic' && isUrlType(qrType) && !str(raw.url) && str(body.destination)) raw.url = str(body.destination);
  const fields = validateFields(qrType, raw);
  const style = { ...DEFAULT_STORED_STYLE, ...parseStyleChanges(body) };
  const askedLevel = str(body.errorCorrectionLevel)?.toUpperCase();
  if (askedLevel && !LEVELS.includes(askedLevel as ErrorCorrectionLevel))
    throw DomainError.invalid({ errorCorrectionLevel: 'errorCorrectionLevel must be L, M, Q or H' });
  const errorCorrectionLevel =
    (askedLevel as ErrorCorrectionLevel | undefined) ?? chooseErrorCorrection({ dynamic: mode === 'dynamic', hasLogo: false });
  const qrData = typeof body.qrData === 'object' && body.qrData ? (body.qrData as Record<string, unknown>) : {};
  return {
    qrType,
    mode,
    fields,
    style,
    errorCorrectionLevel,
    destination: str(body.destination),
    pdfUrl: str(body.pdfUrl) ?? str(qrData.pdfUrl),
    imageUrl: str(body.imageUrl) ?? str(qrData.imageUrl),
    uploadId: str(body.uploadId),
    name: body.codeName?.trim() || null,
    ...parseCustomShortCode(body.customShortCode, mode),
  };
}

function parseCustomShortCode(value: string | null | undefined, mode: QrMode): { customShortCode?: string } {
  const chosen = value?.trim();
  if (!chosen) return {};
  if (mode !== 'dynamic') throw DomainError.invalid(CUSTOM_SHORT_CODE_STATIC, 'customShortCode');
  return { customShortCode: checkCustomShortCode(chosen) };
}

/** A PUT body to its changes. Style values are checked here (the spec's messages); content by the decision. */
export function parseCodeChanges(body: CodeChangesBody): CodeChanges {
  return {
    ...('destination' in body && body.destination !== undefined ? { destination: body.destination ?? '' } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    style: parseStyleChanges(body),
    ...(body.qrData !== undefined ? { content: rawContentFields({ qrData: body.qrData }) } : {}),
    removeLogo: body.removeLogo === true || body.removeLogo === 'true',
  };
}

/** Core spec section 6: what an anonymous generator may not use. Texts are the generator's banners and dialog. */
export const ANONYMOUS_REFUSALS = {
  gradient: 'Second color requires an account! Sign up for free to unlock advanced color options.',
  logo: 'Logo features require an account! Sign up for free to add custom branding.',
  pdf: 'Please sign in or create an account to access this functionality.',
} as const;

export function anonymousRefusal(input: { qrType: QrType; style: StoredStyle; logoFile: unknown }): string | null {
  if (input.qrType === 'pdf') return ANONYMOUS_REFUSALS.pdf;
  if (input.style.gradientColor) return ANONYMOUS_REFUSALS.gradient;
  if (input.logoFile !== undefined && input.logoFile !== null && input.logoFile !== '') return ANONYMOUS_REFUSALS.logo;
  return null;
}
