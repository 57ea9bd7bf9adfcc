import { z } from 'zod';

/** The 13 generator types of the core spec, then plain text (bulk) and Wi-Fi (the wifi template). */
export type QrType =
  | 'url'
  | 'contact'
  | 'payment'
  | 'pdf'
  | 'social'
  | 'images'
  | 'ratings'
  | 'email'
  | 'location'
  | 'events'
  | 'apps'
  | 'sms'
  | 'bitcoin'
  | 'text'
  | 'wifi';

export const QR_TYPES: readonly QrType[] = [
  'url',
  'contact',
  'payment',
  'pdf',
  'social',
  'images',
  'ratings',
  'email',
  'location',
  'events',
  'apps',
  'sms',
  'bitcoin',
  'text',
  'wifi',
] as const;

export const QR_TYPE_LABELS: Record<QrType, string> = {
  url: 'Website URL',
  contact: 'Contact',
  payment: 'Payment',
  pdf: 'Menu/PDF',
  social: 'Social',
  images: 'Images',
  ratings: 'Ratings',
  email: 'Email',
  location: 'Location',
  events: 'Events',
  apps: 'Apps',
  sms: 'SMS',
  bitcoin: 'Bitcoin',
  text: 'Plain Text',
  wifi: 'Wi-Fi',
};

export function isQrType(value: unknown): value is QrType {
  return typeof value === 'string' && (QR_TYPES as readonly string[]).includes(value);
}

export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'twitter',
  'linkedin',
  'youtube',
  'tiktok',
  'pinterest',
  'snapchat',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const REVIEW_PLATFORMS = ['google', 'yelp', 'tripadvisor', 'facebook', 'trustpilot'] as const;
export type ReviewPlatform = (typeof REVIEW_PLATFORMS)[number];

export const APP_PLATFORMS = ['appstore', 'googleplay', 'microsoft', 'amazon'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const APP_CATEGORIES = [
  'games',
  'productivity',
  'social',
  'utilities',
  'entertainment',
  'lifestyle',
  'education',
  'business',
  'health',
  'finance',
  'news',
  'travel',
  'shopping',
  'photo',
  'music',
  'weather',
  'reference',
  'sports',
  'food',
  'medical',
] as const;
export type AppCategory = (typeof APP_CATEGORIES)[number];

export const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;
export type WifiEncryption = (typeof WIFI_ENCRYPTIONS)[number];

/** Messages of core spec section 5, verbatim. Ones the spec does not name are marked (ours). */
export const MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL',
  urlProtocol: 'URL must use http or https protocol',
  firstNameRequired: 'First name is required',
  phoneRequired: 'Phone number is required',
  emailInvalid: 'Please enter a valid email',
  emailRequired: 'Email is required',
  imageUrlInvalid: 'Please enter a valid image URL',
  productNameRequired: 'Product name is required',
  priceTooLow: 'Price must be greater than 0',
  productDescriptionRequired: 'Product description is required',
  titleRequired: 'Title is required',
  pdfFileInvalid: 'Please select a PDF file',
  imageFileInvalid: 'Please select an image file',
  platformRequired: 'Platform is required',
  businessNameRequired: 'Business name is required',
  addressRequired: 'Address is required',
  eventTitleRequired: 'Event title is required',
  startDateRequired: 'Start date is required',
  locationRequired: 'Location is required',
  appNameRequired: 'App name is required',
  bitcoinAddressRequired: 'Bitcoin address is required',
  // (ours) rules the spec leaves open
  priceDecimals: 'Price can have at most 2 decimal places',
  dateInvalid: 'Please enter a valid date',
  endBeforeStart: 'End date must not be before the start date',
  categoryInvalid: 'Please choose a category from the list',
  latitudeInvalid: 'Latitude must be a number between -90 and 90',
  longitudeInvalid: 'Longitude must be a number between -180 and 180',
  amountInvalid: 'Amount must be a positive number of bitcoin',
  textRequired: 'Text is required',
  ssidRequired: 'Network name is required',
  wifiPasswordRequired: 'Password is required',
} as const;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A string field that may arrive missing or null from a form; normalised to a trimmed string. */
const text = () =>
  z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string().trim());

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

const optionalUrl = (message: string) =>
  text().refine((value) => value === '' || checkHttpUrl(value) === 'ok', { error: message });

const optionalEmail = () => text().refine((value) => value === '' || EMAIL_RE.test(value), { error: MESSAGES.emailInvalid });

const platform = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: MESSAGES.platformRequired }).trim()).pipe(
    z.enum(values, { error: MESSAGES.platformRequired }),
  );

/** A browser File; absent (undefined, null, '') is allowed because the rule makes the file optional. */
const optionalFile = (message: string) =>
  z
    .unknown()
    .refine(
      (v) => v === undefined || v === null || v === '' || (typeof File !== 'undefined' && v instanceof File),
      { error: message },
    )
    .optional();

/** Accepts '2025-06-01', '2025-06-01T18:30', '2025-06-01T18:30:00' and forms with Z or an offset. */
export const DATE_INPUT_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isValidDateInput(value: string): boolean {
  const m = DATE_INPUT_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  return true;
}

const optionalCoordinate = (limit: number, message: string) =>
  z
    .preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v), z.string({ error: message }).trim())
    .refine((v) => v === '' || (/^[+-]?\d+(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit), { error: message });

const price = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v),
    z.number({ error: MESSAGES.priceTooLow }),
  )
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

export const textSchema = z.object({ text: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: MESSAGES.textRequired }).min(1, { error: MESSAGES.textRequired }).refine((v) => v.trim() !== '', { error: MESSAGES.textRequired })) });

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

export type ValidationResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

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

const EMPTY_CONTENT: Record<QrType, Record<string, unknown>> = {
  url: { url: '' },
  contact: { firstName: '', lastName: '', email: '', phoneNumber: '', notes: '', imageUrl: '', url: '' },
  payment: { productName: '', productPrice: '', productDescription: '' },
  pdf: { pdfFile: null, title: '', description: '' },
  social: { platform: '', url: '' },
  images: { imageFile: null, title: '', description: '' },
  ratings: { businessName: '', platform: '', url: '' },
  email: { email: '', subject: '', body: '' },
  location: { address: '', name: '', description: '', latitude: '', longitude: '' },
  events: { title: '', startDate: '', endDate: '', location: '', description: '' },
  apps: { appName: '', platform: '', url: '', appDescription: '', appDeveloper: '', appCategory: '' },
  sms: { phoneNumber: '', message: '' },
  bitcoin: { address: '', amount: '', label: '', message: '' },
  text: { text: '' },
  wifi: { ssid: '', password: '', encryption: 'WPA', hidden: false },
};

/** The type's empty form (what choosing a type resets the form to). A fresh object each call. */
export function emptyContent(type: QrType): Record<string, unknown> {
  return { ...EMPTY_CONTENT[type] };
}
