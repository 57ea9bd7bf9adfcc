import { createHash, randomBytes } from 'node:crypto';

/** Every key starts so: secret scanners and people can tell what leaked, and whose (issue 34). */
export const KEY_PREFIX = 'qrs_live_';
/** Random bytes per key: 256 bits, so a hash without salt or stretching is enough (docs/decisions.md, "API keys"). */
export const KEY_BYTES = 32;
/** How many characters of the random part lists show after `qrs_live_`. */
const SHOWN = 8;

/** SHA-256 of the key, hex: what is stored and looked up. */
export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key (shown once), its hash and the prefix lists show. */
export function newKey(): { key: string; keyHash: string; prefix: string } {
  const key = KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
  return { key, keyHash: hashKey(key), prefix: key.slice(0, KEY_PREFIX.length + SHOWN) };
}

/** Whether a presented string can be one of our keys at all (cheap; anything else is refused without a query). */
export const looksLikeKey = (token: string) =>
  token.startsWith(KEY_PREFIX) && token.length >= KEY_PREFIX.length + 43 && token.length <= 200;
