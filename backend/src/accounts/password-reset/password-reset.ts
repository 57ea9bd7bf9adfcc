import { DomainError } from '../../common/domain-error';
import {
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_REPLACED,
  RESET_LINK_USED,
  RESET_TOKEN_TTL_MS,
  ResetTokenClaims,
} from './password-reset-token';
import { isActive, type UserState } from '../model/user';
import type { UserEvent } from '../model/user.events';

/** The answer to every 'Forgot my password' request, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If an account exists for this address, we have sent an email with a link to reset your password. The link works for one hour.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can sign in with your new password.';

/** A reset link for an active account; nothing for an unknown or deleted one (the caller answers the same). */
export function decideRequestReset(state: UserState, userId: string, requestId: string, now: Date): UserEvent[] {
  if (!isActive(state)) return [];
  return [
    {
      type: 'PasswordResetRequested',
      data: {
        userId,
        email: state.email || state.username,
        requestId,
        authVersion: state.authVersion,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
      },
    },
  ];
}

/**
 * Sets the password from a verified token. The token must be the one of the account's latest PasswordResetRequested:
 * same request id, auth version and expiry (so even someone who knows the signing key cannot mint one for a reset
 * nobody asked for, nor stretch a real one's hour). It is refused once expired, once a newer request replaced it, and
 * once any password change (this reset included) moved the auth version it was issued at: a link works once.
 * PasswordChanged ends every session.
 */
export function decideResetPassword(state: UserState, claims: ResetTokenClaims, now: Date, newHash: string): UserEvent[] {
  if (!isActive(state)) throw DomainError.invalid(RESET_LINK_INVALID, 'token');
  const request = state.resetRequest;
  if (!request || request.requestId !== claims.requestId) {
    throw DomainError.invalid(state.replacedResets.includes(claims.requestId) ? RESET_LINK_REPLACED : RESET_LINK_INVALID, 'token');
  }
  if (request.authVersion !== claims.authVersion || request.expiresAt !== claims.expiresAt)
    throw DomainError.invalid(RESET_LINK_INVALID, 'token');
  if (new Date(request.expiresAt).getTime() <= now.getTime()) throw DomainError.invalid(RESET_LINK_EXPIRED, 'token');
  if (state.authVersion !== request.authVersion) throw DomainError.invalid(RESET_LINK_USED, 'token');
  const changed: UserEvent = {
    type: 'PasswordChanged',
    // `added`: an account without a password (Google-only, or one whose unproven password was removed) gains one.
    data: { userId: claims.userId, passwordHash: newHash, reset: true, ...(state.passwordHash === null ? { added: true } : {}) },
  };
  // The link went to the account's address, so whoever opened it holds the address (issue 27).
  if (state.emailVerified) return [changed];
  return [changed, { type: 'EmailVerified', data: { userId: claims.userId, via: 'password-reset' } }];
}
