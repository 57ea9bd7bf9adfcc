import { DomainError } from '../../common/domain-error';
import type { VerificationTokenClaims } from './email-verification-token';
import { isActive, VERIFICATION_TTL_MS, type UserState } from '../model/user';
import type { UserEvent } from '../model/user.events';

/** Issue 27: the address is proven by a mailed link. Pure decisions; the handlers are in email-verification.command.ts. */
export const VERIFY_LINK_INVALID = 'This verification link is invalid. Please ask for a new one.';
export const VERIFY_LINK_EXPIRED = 'This verification link has expired. Please ask for a new one.';
export const VERIFY_LINK_USED = 'This verification link has already been used.';
export const VERIFY_LINK_SUPERSEDED = 'This verification link has been replaced by a newer one. Please use the link in the latest email.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const EMAIL_VERIFIED = 'Your email address is verified. Thank you!';
export const VERIFICATION_SENT = 'We have sent a new verification link to your email address. It works for 24 hours.';
export const RESEND_TOO_SOON = 'A verification email was sent less than a minute ago. Please check your inbox or wait a minute.';
export const RESEND_TOO_MANY = 'Too many verification emails were sent today. Please check your inbox or try again tomorrow.';

/** Resends: one a minute, five a day (the registration's own link does not count: its mail may be what never arrived). */
export const RESEND_INTERVAL_MS = 60 * 1000;
export const RESENDS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export function newVerification(requestId: string, now: Date): { requestId: string; expiresAt: string } {
  return { requestId, expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS).toISOString() };
}

/** A new link for an unverified account, within the resend limits (429 past them; 400 when there is nothing to verify). */
export function decideRequestVerification(state: UserState, userId: string, requestId: string, now: Date): UserEvent[] {
  if (!isActive(state)) throw DomainError.notFound('User not found');
  if (state.emailVerified) throw DomainError.invalid(ALREADY_VERIFIED);
  const recent = state.verificationRequestedAt.map((at) => new Date(at).getTime()).filter((at) => now.getTime() - at < DAY_MS);
  if (recent.some((at) => now.getTime() - at < RESEND_INTERVAL_MS)) throw new DomainError('too_many_requests', RESEND_TOO_SOON);
  if (recent.length >= RESENDS_PER_DAY) throw new DomainError('too_many_requests', RESEND_TOO_MANY);
  return [{ type: 'EmailVerificationRequested', data: { userId, ...newVerification(requestId, now), requestedAt: now.toISOString() } }];
}

/**
 * Opens a link: it verifies only while its request is the account's pending one and unexpired, so the same link twice,
 * a superseded link or one of another account answers 400 and changes nothing.
 */
export function decideVerifyEmail(state: UserState, claims: VerificationTokenClaims, now: Date): UserEvent[] {
  if (!isActive(state)) throw DomainError.invalid(VERIFY_LINK_INVALID, 'token');
  if (state.verifiedRequestId === claims.requestId) throw DomainError.invalid(VERIFY_LINK_USED, 'token');
  if (state.emailVerified) throw DomainError.invalid(ALREADY_VERIFIED, 'token');
  if (new Date(claims.expiresAt).getTime() <= now.getTime()) throw DomainError.invalid(VERIFY_LINK_EXPIRED, 'token');
  if (state.verification?.requestId !== claims.requestId) throw DomainError.invalid(VERIFY_LINK_SUPERSEDED, 'token');
  return [{ type: 'EmailVerified', data: { userId: claims.userId, via: 'link', requestId: claims.requestId } }];
}
