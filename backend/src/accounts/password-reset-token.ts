import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFor } from '../config/keys';

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

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** A key of its own, derived from SESSION_SECRET (config/keys.ts): a reset token can never pass for a signed cookie or the reverse. */
const keyOf = (secret: string) => keyFor(secret, 'password-reset');

/**
 * The link's token: `base64url(claims JSON).base64url(HMAC-SHA256)`. Signed from the PasswordResetRequested event's
 * fields, so the event store never holds a usable token; single use because resetting moves the auth version.
 */
export function signResetToken(secret: string, claims: ResetTokenClaims): string {
  const body = b64(JSON.stringify([claims.userId, claims.requestId, claims.authVersion, claims.expiresAt]));
  return `${body}.${b64(createHmac('sha256', keyOf(secret)).update(body).digest())}`;
}

/** The claims of a well-signed token, else null (tampered, truncated, not ours). Expiry is checked by the caller. */
export function verifyResetToken(secret: string, token: string): ResetTokenClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || body.length > 1000) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [userId, requestId, authVersion, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof userId !== 'string' || typeof requestId !== 'string' || typeof authVersion !== 'number' || typeof expiresAt !== 'string')
      return null;
    return { userId, requestId, authVersion, expiresAt };
  } catch {
    return null;
  }
}
