// TEMPORARY copy until packages/qr-core/src/index.ts lands; then this file re-exports from
// '@qrsharks/qr-core' so the site and the generator share one list.
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

export const QR_TYPES: readonly QrType[] = ['url', 'contact', 'payment', 'pdf', 'social', 'images', 'ratings', 'email', 'location', 'events', 'apps', 'sms', 'bitcoin', 'text', 'wifi'];

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
