import { renderSvg, type ErrorCorrectionLevel, type QrStyle } from '@qrsharks/qr-core';
import { DomainError } from '../../common/domain-error';
import type { StoredStyle } from '../model/qr-code.events';

/** A stored style as the renderer takes it (qrStyle is the spec's column, not a renderer option). */
export function renderStyle(style: StoredStyle, logoHref: string | null): Partial<QrStyle> {
  const { qrStyle: _qrStyle, ...rest } = style;
  return { ...rest, logo: logoHref ? { href: logoHref } : null };
}

/**
 * qr-core's refusals as the one error type: too much data or no input (QrEncodeError, the spec's texts), colours a
 * scanner cannot tell apart (LowContrastError) and unusable style values (QrStyleError) are the client's 400s, with
 * the field when qr-core names one. Anything else is not the client's fault and passes through.
 */
export function asDomainError(error: unknown): unknown {
  // By name, as the filter did: a second copy of qr-core (the browser build in a test, a stale dist) is no other class.
  if (!(error instanceof Error)) return error;
  if (error.name === 'QrEncodeError') return DomainError.invalid(error.message);
  if (error.name === 'LowContrastError' || error.name === 'QrStyleError') {
    const field = (error as Error & { field?: string }).field;
    return field ? DomainError.invalid({ [field]: error.message }) : DomainError.invalid(error.message);
  }
  return error;
}

/** Runs an encode or render step of qr-core, its refusals turned into DomainError. */
export function encoding<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw asDomainError(error);
  }
}

/** Renders the code; the SVG, or the refusal of what could not be printed (too much data, unreadable colours). */
export function renderCode(
  payload: string,
  style: StoredStyle,
  logoHref: string | null,
  errorCorrectionLevel: ErrorCorrectionLevel,
): string {
  return encoding(() => renderSvg(payload, renderStyle(style, logoHref), { errorCorrectionLevel }));
}
