// What the Purpose tab draws for each content type. Validation itself lives in qr-core's schemas;
// this only says how each field is labelled and which input it needs.
import {
  APP_CATEGORIES,
  APP_PLATFORMS,
  REVIEW_PLATFORMS,
  SOCIAL_PLATFORMS,
  WIFI_ENCRYPTIONS,
  type QrType,
} from '@qrsharks/qr-core/browser';
import { isGeneratorType, type GeneratorType } from './gates';

export type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'price' | 'textarea' | 'select' | 'file' | 'datetime' | 'password' | 'checkbox';

export interface FieldOption {
  value: string;
  label: string;
}

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  options?: readonly FieldOption[];
  /** File pickers: the accept attribute (the spec limits pdf to .pdf and images to image/*). */
  accept?: string;
}

const OPTION_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  google: 'Google',
  yelp: 'Yelp',
  tripadvisor: 'Tripadvisor',
  trustpilot: 'Trustpilot',
  appstore: 'App Store',
  googleplay: 'Google Play',
  microsoft: 'Microsoft Store',
  amazon: 'Amazon Appstore',
  WPA: 'WPA/WPA2/WPA3',
  WEP: 'WEP',
  nopass: 'None (open network)',
};

export function optionLabel(value: string): string {
  return OPTION_LABELS[value] ?? value.charAt(0).toUpperCase() + value.slice(1);
}

const options = (values: readonly string[]): FieldOption[] => values.map((value) => ({ value, label: optionLabel(value) }));

export const CONTENT_FIELDS: Record<GeneratorType, readonly FieldSpec[]> = {
  url: [{ name: 'url', label: 'Website URL', kind: 'url', required: true, placeholder: 'https://example.com' }],
  contact: [
    { name: 'firstName', label: 'First Name', kind: 'text', required: true },
    { name: 'lastName', label: 'Last Name', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email', placeholder: 'name@example.com' },
    { name: 'phoneNumber', label: 'Phone Number', kind: 'tel', required: true, placeholder: '+1 555 123 4567' },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    { name: 'imageUrl', label: 'Image URL', kind: 'url', placeholder: 'https://example.com/photo.jpg' },
  ],
  payment: [
    { name: 'productName', label: 'Product Name', kind: 'text', required: true },
    { name: 'productPrice', label: 'Price (USD)', kind: 'price', required: true, placeholder: '9.99' },
    { name: 'productDescription', label: 'Product Description', kind: 'textarea', required: true },
  ],
  pdf: [
    // Marked required in the form even though the rule accepts a missing file (spec section 5).
    { name: 'pdfFile', label: 'PDF File', kind: 'file', required: true, accept: '.pdf' },
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  social: [
    { name: 'platform', label: 'Platform', kind: 'select', required: true, options: options(SOCIAL_PLATFORMS) },
    { name: 'url', label: 'Profile URL', kind: 'url', required: true, placeholder: 'https://instagram.com/yourname' },
  ],
  images: [
    { name: 'imageFile', label: 'Image File', kind: 'file', accept: 'image/*' },
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  ratings: [
    { name: 'businessName', label: 'Business Name', kind: 'text', required: true },
    { name: 'platform', label: 'Review Platform', kind: 'select', required: true, options: options(REVIEW_PLATFORMS) },
    { name: 'url', label: 'Review URL', kind: 'url', required: true, placeholder: 'https://g.page/r/your-business/review' },
  ],
  email: [
    { name: 'email', label: 'Email Address', kind: 'email', required: true, placeholder: 'name@example.com' },
    { name: 'subject', label: 'Subject', kind: 'text' },
    { name: 'body', label: 'Message', kind: 'textarea' },
  ],
  location: [
    { name: 'address', label: 'Address', kind: 'text', required: true },
    { name: 'name', label: 'Place Name', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  events: [
    { name: 'title', label: 'Event Title', kind: 'text', required: true },
    { name: 'startDate', label: 'Start Date', kind: 'datetime', required: true },
    { name: 'endDate', label: 'End Date', kind: 'datetime' },
    { name: 'location', label: 'Location', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
  ],
  apps: [
    { name: 'appName', label: 'App Name', kind: 'text', required: true },
    { name: 'platform', label: 'Platform', kind: 'select', required: true, options: options(APP_PLATFORMS) },
    { name: 'url', label: 'App URL', kind: 'url', required: true, placeholder: 'https://apps.apple.com/app/...' },
    { name: 'appDescription', label: 'App Description', kind: 'textarea' },
    { name: 'appDeveloper', label: 'Developer', kind: 'text' },
    { name: 'appCategory', label: 'Category', kind: 'select', options: options(APP_CATEGORIES) },
  ],
  sms: [
    { name: 'phoneNumber', label: 'Phone Number', kind: 'tel', required: true },
    { name: 'message', label: 'Message', kind: 'textarea' },
  ],
  bitcoin: [
    { name: 'address', label: 'Bitcoin Address', kind: 'text', required: true },
    { name: 'amount', label: 'Amount (BTC)', kind: 'text', placeholder: '0.001' },
    { name: 'label', label: 'Label', kind: 'text' },
    { name: 'message', label: 'Message', kind: 'text' },
  ],
  text: [{ name: 'text', label: 'Text', kind: 'textarea', required: true, placeholder: 'Any text: a note, a code, a short message' }],
  wifi: [
    { name: 'ssid', label: 'Network Name (SSID)', kind: 'text', required: true },
    { name: 'encryption', label: 'Security', kind: 'select', required: true, options: options(WIFI_ENCRYPTIONS) },
    // Required unless the network is open: qr-core's schema says so ('Password is required').
    { name: 'password', label: 'Password', kind: 'password' },
    { name: 'hidden', label: 'Hidden network', kind: 'checkbox' },
  ],
};

/** Session-storage key where the templates page leaves the chosen template (website spec). */
export const SELECTED_TEMPLATE_KEY = 'selectedTemplate';

/**
 * The fields a stored template prefills for `type`, or null when the stored template is for
 * another type or unreadable. previewData may be an object of fields or a single value for the
 * type's first field.
 */
export function templatePrefill(raw: string | null, type: QrType): Record<string, unknown> | null {
  if (!raw || !isGeneratorType(type)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { qrType, previewData } = parsed as { qrType?: unknown; previewData?: unknown };
  if (qrType !== type) return null;
  if (typeof previewData === 'string' || typeof previewData === 'number') {
    return { [CONTENT_FIELDS[type][0].name]: String(previewData) };
  }
  return pickKnownFields(type, previewData);
}

/**
 * Only plain values for fields this type's form draws: anything else from a template or a caller
 * would travel to the server in the generation body. Files never come from outside the form.
 */
export function pickKnownFields(type: QrType, data: unknown): Record<string, unknown> | null {
  if (!isGeneratorType(type) || !data || typeof data !== 'object') return null;
  const known = new Set(CONTENT_FIELDS[type].map((field) => field.name));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (known.has(key) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) out[key] = value;
  }
  return out;
}
