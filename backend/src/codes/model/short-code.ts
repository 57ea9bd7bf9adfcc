import { randomBytes } from 'node:crypto';
import { DomainError } from '../../common/domain-error';

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

/** A custom back-half chosen at creation (issue 33): 4 to 64 of A-Z a-z 0-9 - _. It never changes (it is printed). */
const CUSTOM_SHORT_CODE = /^[A-Za-z0-9_-]{4,64}$/;
export const CUSTOM_SHORT_CODE_INVALID = 'The custom back-half must be 4 to 64 letters, digits, - or _';
export const CUSTOM_SHORT_CODE_RESERVED = 'This back-half is reserved. Please choose another one.';
export const CUSTOM_SHORT_CODE_TAKEN = 'This back-half is already taken. Please choose another one.';
export const CUSTOM_SHORT_CODE_STATIC = 'Only dynamic QR codes have a back-half';

/** Words of the product's own paths and roles, refused in any case (a link /d/admin would look like ours). */
export const RESERVED_SHORT_CODES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'auth',
  'login',
  'logout',
  'register',
  'signup',
  'signin',
  'dashboard',
  'settings',
  'account',
  'accounts',
  'staff',
  'support',
  'help',
  'docs',
  'pricing',
  'billing',
  'payment',
  'payments',
  'static',
  'assets',
  'public',
  'uploads',
  'logo',
  'images',
  'pdf',
  'health',
  'metrics',
  'root',
  'system',
  'null',
  'undefined',
  'www',
  'mail',
  'qrsharks',
]);

/** The back-half as chosen, or a 400 naming `customShortCode`. Uniqueness is the store's (`shortcode-{code}`). */
export function checkCustomShortCode(value: string): string {
  if (!CUSTOM_SHORT_CODE.test(value)) throw DomainError.invalid(CUSTOM_SHORT_CODE_INVALID, 'customShortCode');
  if (RESERVED_SHORT_CODES.has(value.toLowerCase())) throw DomainError.invalid(CUSTOM_SHORT_CODE_RESERVED, 'customShortCode');
  return value;
}
