import { QR_TYPE_LABELS, type QrType } from '../../ui/qr-types';
import type { DashboardCode } from '../data-provider';

export const typeLabel = (qrType: string) => QR_TYPE_LABELS[qrType as QrType] ?? qrType;

/** What a card calls a code: its name, else its destination (dynamic) or content (static), else its type. */
export function codeTitle(code: DashboardCode): string {
  const text = code.name || (code.qrMode === 'dynamic' ? code.destination || code.link : code.content) || '';
  const firstLine = text.split('\n')[0].trim();
  return firstLine.length > 120 ? `${firstLine.slice(0, 117)}...` : firstLine || typeLabel(code.qrType);
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
