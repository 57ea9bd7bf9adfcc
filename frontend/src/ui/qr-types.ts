// The site shares the type list and labels with the generator and the server.
export { QR_TYPES, QR_TYPE_LABELS } from '@qrsharks/qr-core/browser';
export type { QrType } from '@qrsharks/qr-core/browser';
