import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFor, type KeyPurpose } from '../config/keys';

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * A link's token: `base64url(JSON array of fields).base64url(HMAC-SHA256)` under a key of the purpose's own
 * (config/keys.ts), so a token of one kind never passes for another kind or for a signed cookie. Signed from an event's
 * fields, so the event store never holds a usable token.
 */
export function signFields(secret: string, purpose: KeyPurpose, fields: readonly unknown[]): string {
  const body = b64(JSON.stringify(fields));
  return `${body}.${b64(createHmac('sha256', keyFor(secret, purpose)).update(body).digest())}`;
}

/** The fields of a well-signed token, else null (tampered, truncated, not ours, not an array). Types are the caller's to check. */
export function verifiedFields(secret: string, purpose: KeyPurpose, token: string): unknown[] | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || body.length > 1000) return null;
  const expected = createHmac('sha256', keyFor(secret, purpose)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return Array.isArray(fields) ? fields : null;
  } catch {
    return null;
  }
}
