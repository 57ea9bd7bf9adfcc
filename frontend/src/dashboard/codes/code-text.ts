import { codeDisplayName } from '@qrsharks/qr-core/browser';
import { QR_TYPE_LABELS, type QrType } from '../../ui/qr-types';
import type { DashboardCode } from '../data-provider';

export const typeLabel = (qrType: string) => QR_TYPE_LABELS[qrType as QrType] ?? qrType;

/**
 * What every screen calls a code: its one display name (issue 30 item 1), the typed name else one derived from its
 * content by qr-core's codeDisplayName, the same function the server names codes with. Never its payload or password.
 */
export function codeTitle(code: Pick<DashboardCode, 'qrType' | 'name' | 'qrData'> & { destination?: string | null }): string {
  return codeDisplayName({ qrType: code.qrType, name: code.name, fields: code.qrData, destination: code.destination });
}

export function createdOn(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Core spec section 5: the dynamic destination edit's messages. */
export function destinationError(value: string): string | null {
  const text = value.trim();
  if (!text) return 'URL is required';
  try {
    const url = new URL(text);
    return url.hostname ? null : 'Please enter a valid URL';
  } catch {
    return 'Please enter a valid URL';
  }
}

/** The status of a failed call (`"{status}: {body}"`, the spec's error format), or null. */
export function failureStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}):/.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}
