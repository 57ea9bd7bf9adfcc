import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Crypto-shredding's primitives (issue 32 item 1, DESIGN.md section 15), pure and from node:crypto only.
 *
 * - The master key is HKDF-SHA256 of the PERSONAL_DATA_KEY setting; it wraps (AES-256-GCM) every data key.
 * - A data key is 32 random bytes, one per subject (a user, a payer, a contact-form sender, a newsletter subscriber).
 * - A personal field is AES-256-GCM of the JSON of its value. The nonce is derived (HMAC of the data key over the
 *   event id and the field's path), so a retried append of the same event id gives the same bytes, and the event id
 *   and path are the associated data: a ciphertext moved to another event or field does not decrypt.
 */

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The 32-byte key that wraps data keys, derived from the PERSONAL_DATA_KEY setting. */
export function masterKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'qrsharks personal data v1', 'qrsharks:personal-data-master', 32));
}

/** The 32-byte key of subject hashes (the salt of `payer:<hash>` and `subscriber:<tenant>:<hash>`). */
export function subjectHashKeyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'qrsharks personal data v1', 'qrsharks:personal-data-subjects', 32));
}

/**
 * A salted, keyed hash of an address (trimmed, lower-cased) for a subject id or a stream name: equal addresses give
 * equal hashes, and nobody without the setting can test a guessed address against it.
 */
export function hashAddress(hashKey: Buffer, kind: string, address: string): string {
  return createHmac('sha256', hashKey).update(`${kind}\0${address.trim().toLowerCase()}`).digest('base64url').slice(0, 32);
}

export const newDataKey = (): Buffer => randomBytes(32);

/** nonce | tag | ciphertext of the data key under the master key; the key id is the associated data. */
export function wrapKey(master: Buffer, keyId: string, dataKey: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, master, nonce).setAAD(Buffer.from(keyId));
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

export function unwrapKey(master: Buffer, keyId: string, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, master, wrapped.subarray(0, NONCE_BYTES)).setAAD(Buffer.from(keyId));
  decipher.setAuthTag(wrapped.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(wrapped.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

const aad = (eventId: string, path: string) => Buffer.from(`${eventId}\0${path}`);

/** base64url(nonce | tag | AES-256-GCM(JSON of value)). */
export function encryptField(dataKey: Buffer, eventId: string, path: string, value: unknown): string {
  const nonce = createHmac('sha256', dataKey).update(aad(eventId, path)).digest().subarray(0, NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, dataKey, nonce).setAAD(aad(eventId, path));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value encryptField was given; throws when the key, event id or path differ, or the bytes were changed. */
export function decryptField(dataKey: Buffer, eventId: string, path: string, sealed: string): unknown {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, dataKey, bytes.subarray(0, NONCE_BYTES)).setAAD(aad(eventId, path));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
}
