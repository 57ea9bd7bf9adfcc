import { signFields, verifiedFields } from '../signed-token';

/** What a password-reset link carries: who, which request, the user's auth version then, and until when it works. */
export interface ResetTokenClaims {
  userId: string;
  requestId: string;
  authVersion: number;
  expiresAt: string;
}

export const RESET_LINK_INVALID = 'This password reset link is invalid. Please ask for a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Please ask for a new one.';
export const RESET_LINK_USED = 'This password reset link has already been used. Please ask for a new one.';
export const RESET_LINK_REPLACED = 'This password reset link was replaced by a newer one. Please use the link in the latest email.';

/** One hour, as the issue asks. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The link's token (signed-token.ts, key 'password-reset', never a cookie's), signed from the PasswordResetRequested
 * event's fields, so the event store never holds a usable token; single use because resetting moves the auth version.
 */
export function signResetToken(secret: string, claims: ResetTokenClaims): string {
  return signFields(secret, 'password-reset', [claims.userId, claims.requestId, claims.authVersion, claims.expiresAt]);
}

/** The claims of a well-signed token, else null (tampered, truncated, not ours). Expiry is checked by the caller. */
export function verifyResetToken(secret: string, token: string): ResetTokenClaims | null {
  const [userId, requestId, authVersion, expiresAt] = verifiedFields(secret, 'password-reset', token) ?? [];
  if (typeof userId !== 'string' || typeof requestId !== 'string' || typeof authVersion !== 'number' || typeof expiresAt !== 'string')
    return null;
  return { userId, requestId, authVersion, expiresAt };
}
