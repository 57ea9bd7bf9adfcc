import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const SHORT_CODE_LENGTH = 8;

/** 8 characters from [A-Za-z0-9] (URL-safe, 62^8 ≈ 2.2e14), uniform by rejection sampling. */
export function randomShortCode(): string {
  let out = '';
  while (out.length < SHORT_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 * 62: bytes above it would favour the first letters.
      if (byte < 248 && out.length < SHORT_CODE_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}
