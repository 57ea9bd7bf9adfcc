import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { keyFor, type KeyPurpose } from '../../config/keys';

/**
 * Small signed values for cookies that are not the session: the device cookie (device-cookies.ts) and Google's OAuth
 * state (google/signed-state.store.ts). HMAC-SHA256 with a key derived from SESSION_SECRET per purpose (config/keys.ts),
 * so a value made for one purpose never verifies as another.
 */
export class CookieSigner {
  private readonly key: Buffer;

  constructor(secret: string, purpose: KeyPurpose) {
    this.key = keyFor(secret, purpose);
  }

  /** `payload.signature`, both base64url; the payload is a JSON value. */
  sign(payload: unknown): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The payload when the signature is ours, else null. */
  unsign(value: string | null | undefined): unknown {
    if (!value || value.length > 2048) return null;
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const body = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.mac(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** One cookie's value from the Cookie header (no cookie-parser in this app), or null. */
export function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}
