import { createHmac, hkdfSync } from 'node:crypto';

/**
 * Every purpose a key is derived for from SESSION_SECRET (issue 27, item 2). One secret to set, one key per purpose:
 * a value signed for one purpose never verifies as another, and a key that leaks from one purpose (a log, a bug)
 * gives nothing for the others.
 */
export type KeyPurpose =
  'session' | 'share-links' | 'newsletter-links' | 'device-cookie' | 'google-state' | 'password-reset' | 'email-verification';

const cache = new Map<string, Buffer>();

/**
 * The 32-byte key of `purpose`: HKDF-SHA256 (RFC 5869) of SESSION_SECRET with the purpose as its `info`. Pure and
 * cached; callers pass the secret from the parsed settings (`keyFor(env.SESSION_SECRET, 'email-verification')`).
 */
export function keyFor(secret: string, purpose: KeyPurpose): Buffer {
  const id = `${purpose}\0${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'qrsharks keys v2', `qrsharks:${purpose}`, 32));
    if (cache.size > 64) cache.clear();
    cache.set(id, key);
  }
  return key;
}

/**
 * The keys links were signed with before issue 27 (`HMAC-SHA256(SESSION_SECRET, label)`), for the links that live in
 * mails and messages people already hold: share links and newsletter links still verify with them, never signed with
 * them (docs/decisions.md, issue 27 item 2). Other purposes have no legacy key: their values are short-lived.
 */
export function legacyKeyFor(secret: string, purpose: 'share-links' | 'newsletter-links'): Buffer {
  const label = purpose === 'share-links' ? 'qrs:analytics-share:v1' : 'qrs:newsletter-links:v1';
  return createHmac('sha256', secret).update(label).digest();
}
