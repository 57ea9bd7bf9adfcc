import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFor } from '../config/keys';

/** What a verification link carries: whose address, which request (UserRegistered's or EmailVerificationRequested's), until when. */
export interface VerificationTokenClaims {
  userId: string;
  requestId: string;
  expiresAt: string;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** A key of its own (config/keys.ts): a verification token never passes for a reset token or a cookie. */
const keyOf = (secret: string) => keyFor(secret, 'email-verification');

/**
 * The link's token: `base64url(claims JSON).base64url(HMAC-SHA256)`, signed from the request's fields, so the event store
 * never holds a usable token. Single use: the request it names must still be the account's pending one (email-verification.ts).
 */
export function signVerificationToken(secret: string, claims: VerificationTokenClaims): string {
  const body = b64(JSON.stringify(['verify', claims.userId, claims.requestId, claims.expiresAt]));
  return `${body}.${b64(createHmac('sha256', keyOf(secret)).update(body).digest())}`;
}

/** The claims of a well-signed token, else null (tampered, truncated, not ours). Expiry and use are decided on the stream. */
export function verifyVerificationToken(secret: string, token: string): VerificationTokenClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || body.length > 1000) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [purpose, userId, requestId, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (purpose !== 'verify' || typeof userId !== 'string' || typeof requestId !== 'string' || typeof expiresAt !== 'string') return null;
    return { userId, requestId, expiresAt };
  } catch {
    return null;
  }
}
