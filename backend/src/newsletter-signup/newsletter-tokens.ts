import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFor, legacyKeyFor } from '../config/keys';

/**
 * Signed newsletter links (issue 22): `base64url(claims).base64url(HMAC-SHA256)`, with a key derived from
 * SESSION_SECRET for this purpose only (config/keys.ts). Nothing is stored: the mail sender signs the link when it renders a mail, and
 * the routes check the signature. Unsubscribe links do not expire (RFC 8058: they must keep working from an old mail);
 * confirmation links expire after CONFIRM_LINK_DAYS.
 */
export type NewsletterTokenClaims =
  { p: 'confirm'; email: string; sub: string; t: number; exp: number } | { p: 'unsubscribe'; email: string; t: number };

export const CONFIRM_LINK_DAYS = 7;

/** Links mailed before issue 27 still verify with the legacy key (RFC 8058: old mails' links keep working). */
const keysOf = (secret: string) => [keyFor(secret, 'newsletter-links'), legacyKeyFor(secret, 'newsletter-links')];
const b64 = (buffer: Buffer) => buffer.toString('base64url');

export function signNewsletterToken(secret: string, claims: NewsletterTokenClaims): string {
  const body = b64(Buffer.from(JSON.stringify(claims), 'utf8'));
  return `${body}.${b64(createHmac('sha256', keyFor(secret, 'newsletter-links')).update(body).digest())}`;
}

/** The claims of a well-signed token of the purpose, else null (tampered, truncated, or another purpose's token). */
export function verifyNewsletterToken<P extends NewsletterTokenClaims['p']>(
  secret: string,
  token: string,
  purpose: P,
): Extract<NewsletterTokenClaims, { p: P }> | null {
  if (token.length > 2000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const signedBy = (key: Buffer) => {
    const expected = createHmac('sha256', key).update(body).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (!keysOf(secret).some(signedBy)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as NewsletterTokenClaims;
    if (claims?.p !== purpose || typeof claims.email !== 'string' || !Number.isInteger(claims.t)) return null;
    return claims as Extract<NewsletterTokenClaims, { p: P }>;
  } catch {
    return null;
  }
}

/** The unsubscribe link's token for an address of a tenant (the same for every newsletter to it). */
export const unsubscribeToken = (secret: string, tenantId: number, email: string) =>
  signNewsletterToken(secret, { p: 'unsubscribe', email: email.trim().toLowerCase(), t: tenantId });

/** The confirmation link's token for one subscription (the NewsletterSubscribed event's id). */
export const confirmToken = (secret: string, tenantId: number, email: string, subscriptionId: string, now = Date.now()) =>
  signNewsletterToken(secret, {
    p: 'confirm',
    email: email.trim().toLowerCase(),
    sub: subscriptionId,
    t: tenantId,
    exp: now + CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000,
  });
