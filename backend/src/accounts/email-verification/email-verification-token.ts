import { signFields, verifiedFields } from '../signed-token';

/** What a verification link carries: whose address, which request (UserRegistered's or EmailVerificationRequested's), until when. */
export interface VerificationTokenClaims {
  userId: string;
  requestId: string;
  expiresAt: string;
}

/**
 * The link's token (signed-token.ts, key 'email-verification'), signed from the request's fields, so the event store never
 * holds a usable token. Single use: the request it names must still be the account's pending one (email-verification.ts).
 */
export function signVerificationToken(secret: string, claims: VerificationTokenClaims): string {
  return signFields(secret, 'email-verification', ['verify', claims.userId, claims.requestId, claims.expiresAt]);
}

/** The claims of a well-signed token, else null (tampered, truncated, not ours). Expiry and use are decided on the stream. */
export function verifyVerificationToken(secret: string, token: string): VerificationTokenClaims | null {
  const [purpose, userId, requestId, expiresAt] = verifiedFields(secret, 'email-verification', token) ?? [];
  if (purpose !== 'verify' || typeof userId !== 'string' || typeof requestId !== 'string' || typeof expiresAt !== 'string') return null;
  return { userId, requestId, expiresAt };
}
