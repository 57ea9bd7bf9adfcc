// The content types' names, labels, enumerations, messages and empty forms: no zod, so the
// browser preview can use them without loading the validation schemas (content-types.ts).

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

/**
 * Types whose content is itself a web address: a dynamic code of one redirects to it (the backend's create and
 * redirect both decide by this list, and the generator may too), so it is declared once, here.
 */
export const URL_TYPES: readonly QrType[] = ['url', 'social', 'ratings', 'apps'];

export const isUrlType = (value: unknown): boolean => typeof value === 'string' && (URL_TYPES as readonly string[]).includes(value);

export function isQrType(value: unknown): value is QrType {
  return typeof value === 'string' && (QR_TYPES as readonly string[]).includes(value);
}

export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'twitter', 'linkedin', 'youtube', 'tiktok', 'pinterest', 'snapchat'] as const;
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
