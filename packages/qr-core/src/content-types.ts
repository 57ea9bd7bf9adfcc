import { z } from 'zod';
import {
  APP_CATEGORIES,
  APP_PLATFORMS,
  MESSAGES,
  type QrType,
  REVIEW_PLATFORMS,
  SOCIAL_PLATFORMS,
  WIFI_ENCRYPTIONS,
  isValidDateInput,
} from './qr-types';

// The zod-free part (types, labels, enumerations, messages, empty forms) lives in qr-types.ts.
export * from './qr-types';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A string field that may arrive missing or null from a form; normalised to a trimmed string. */
const text = () => z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string().trim());

const required = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).trim().min(1, { error: message }),
  );

function checkHttpUrl(value: string): 'ok' | 'invalid' | 'protocol' {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'protocol';
  return parsed.hostname ? 'ok' : 'invalid';
}

/** Required http(s) URL: 'URL is required', then 'Please enter a valid URL', then the protocol rule. */
const requiredUrl = () =>
  required(MESSAGES.urlRequired).superRefine((value, ctx) => {
    if (value === '') return;
    const verdict = checkHttpUrl(value);
    if (verdict === 'invalid') ctx.addIssue({ code: 'custom', message: MESSAGES.urlInvalid });
    if (verdict === 'protocol') ctx.addIssue({ code: 'custom', message: MESSAGES.urlProtocol });
  });

const optionalUrl = (message: string) => text().refine((value) => value === '' || checkHttpUrl(value) === 'ok', { error: message });

const optionalEmail = () => text().refine((value) => value === '' || EMAIL_RE.test(value), { error: MESSAGES.emailInvalid });

const platform = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: MESSAGES.platformRequired }).trim())
    .pipe(z.enum(values, { error: MESSAGES.platformRequired }));

/** A browser File; absent (undefined, null, '') is allowed because the rule makes the file optional. */
const optionalFile = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || v === null || v === '' || (typeof File !== 'undefined' && v instanceof File), { error: message })
    .optional();

const optionalCoordinate = (limit: number, message: string) =>
  z
    .preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string({ error: message }).trim())
    .refine((v) => v === '' || (/^[+-]?\d+(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit), { error: message });

const price = z
  .preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v), z.number({ error: MESSAGES.priceTooLow }))
  .refine((v) => Number.isFinite(v) && v >= 0.01, { error: MESSAGES.priceTooLow, abort: true })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: MESSAGES.priceDecimals });

export const urlSchema = z.object({ url: requiredUrl() });

export const contactSchema = z.object({
  firstName: required(MESSAGES.firstNameRequired),
  lastName: text(),
  email: optionalEmail(),
  phoneNumber: required(MESSAGES.phoneRequired),
  notes: text(),
  imageUrl: optionalUrl(MESSAGES.imageUrlInvalid),
  url: optionalUrl(MESSAGES.urlInvalid),
});

export const paymentSchema = z.object({
  productName: required(MESSAGES.productNameRequired),
  productPrice: price,
  productDescription: required(MESSAGES.productDescriptionRequired),
});

export const pdfSchema = z.object({
  pdfFile: optionalFile(MESSAGES.pdfFileInvalid),
  title: required(MESSAGES.titleRequired),
  description: text(),
});

export const socialSchema = z.object({
  platform: platform(SOCIAL_PLATFORMS),
  url: requiredUrl(),
});

export const imagesSchema = z.object({
  imageFile: optionalFile(MESSAGES.imageFileInvalid),
  title: required(MESSAGES.titleRequired),
  description: text(),
});

export const ratingsSchema = z.object({
  businessName: required(MESSAGES.businessNameRequired),
  platform: platform(REVIEW_PLATFORMS),
  url: requiredUrl(),
});

export const emailSchema = z.object({
  email: required(MESSAGES.emailRequired).refine((v) => v === '' || EMAIL_RE.test(v), { error: MESSAGES.emailInvalid }),
  subject: text(),
  body: text(),
});

export const locationSchema = z.object({
  address: required(MESSAGES.addressRequired),
  name: text(),
  description: text(),
  latitude: optionalCoordinate(90, MESSAGES.latitudeInvalid),
  longitude: optionalCoordinate(180, MESSAGES.longitudeInvalid),
});

const dateField = (requiredMessage?: string) =>
  (requiredMessage ? required(requiredMessage) : text()).refine((v) => v === '' || isValidDateInput(v), {
    error: MESSAGES.dateInvalid,
  });

export const eventsSchema = z
  .object({
    title: required(MESSAGES.eventTitleRequired),
    startDate: dateField(MESSAGES.startDateRequired),
    endDate: dateField(),
    location: required(MESSAGES.locationRequired),
    description: text(),
  })
  .superRefine((value, ctx) => {
    if (!value.endDate || !isValidDateInput(value.startDate) || !isValidDateInput(value.endDate)) return;
    // Compare on the same form: a date-only bound compares by its day.
    const start = value.startDate.slice(0, value.endDate.length === 10 ? 10 : undefined);
    const end = value.endDate.slice(0, value.startDate.length === 10 ? 10 : undefined);
    if (end < start) ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.endBeforeStart });
  });

export const appsSchema = z.object({
  appName: required(MESSAGES.appNameRequired),
  platform: platform(APP_PLATFORMS),
  url: requiredUrl(),
  appDescription: text(),
  appDeveloper: text(),
  appCategory: text().refine((v) => v === '' || (APP_CATEGORIES as readonly string[]).includes(v), {
    error: MESSAGES.categoryInvalid,
  }),
});

export const smsSchema = z.object({
  phoneNumber: required(MESSAGES.phoneRequired),
  message: text(),
});

export const bitcoinSchema = z.object({
  address: required(MESSAGES.bitcoinAddressRequired),
  amount: text().refine((v) => v === '' || (/^\d+(\.\d{1,8})?$/.test(v) && Number(v) > 0), { error: MESSAGES.amountInvalid }),
  label: text(),
  message: text(),
});

export const textSchema = z.object({
  text: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: MESSAGES.textRequired })
      .min(1, { error: MESSAGES.textRequired })
      .refine((v) => v.trim() !== '', { error: MESSAGES.textRequired }),
  ),
});

export const wifiSchema = z
  .object({
    ssid: required(MESSAGES.ssidRequired),
    password: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string()),
    encryption: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'WPA' : v), z.enum(WIFI_ENCRYPTIONS)),
    hidden: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()),
  })
  .superRefine((value, ctx) => {
    if (value.encryption !== 'nopass' && value.password === '') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.wifiPasswordRequired });
    }
  });

export const contentSchemas: Record<QrType, z.ZodType<Record<string, unknown>>> = {
  url: urlSchema,
  contact: contactSchema,
  payment: paymentSchema,
  pdf: pdfSchema,
  social: socialSchema,
  images: imagesSchema,
  ratings: ratingsSchema,
  email: emailSchema,
  location: locationSchema,
  events: eventsSchema,
  apps: appsSchema,
  sms: smsSchema,
  bitcoin: bitcoinSchema,
  text: textSchema,
  wifi: wifiSchema,
};

export type ValidationResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** Validates a type's form fields; errors are keyed by field name with the first message per field. */
export function validateContent(type: QrType, fields: unknown): ValidationResult {
  const schema = contentSchemas[type];
  if (!schema) return { ok: false, errors: { qrType: `Unknown QR type: ${String(type)}` } };
  const result = schema.safeParse(fields ?? {});
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
