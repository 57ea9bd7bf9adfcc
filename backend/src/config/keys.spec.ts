import { hkdfSync } from 'node:crypto';
import { keyFor, type KeyPurpose } from './keys';

describe('keys derived per purpose', () => {
  const purposes: KeyPurpose[] = [
    'session',
    'share-links',
    'newsletter-links',
    'device-cookie',
    'google-state',
    'password-reset',
    'email-verification',
  ];

  it('gives every purpose a key of its own, none of them the secret itself', () => {
    const secret = 'a-secret-of-sixteen-or-more';
    const keys = purposes.map((purpose) => keyFor(secret, purpose).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const key of keys) {
      expect(key).toHaveLength(64);
      expect(key).not.toContain(Buffer.from(secret).toString('hex'));
    }
  });

  it('is HKDF-SHA256 of the secret with the purpose as its info, stable across calls, different per secret', () => {
    const expected = Buffer.from(hkdfSync('sha256', 'one-secret-value', 'qrsharks keys v2', 'qrsharks:share-links', 32));
    expect(keyFor('one-secret-value', 'share-links').equals(expected)).toBe(true);
    expect(keyFor('one-secret-value', 'share-links').equals(keyFor('one-secret-value', 'share-links'))).toBe(true);
    expect(keyFor('another-secret-value', 'share-links').equals(expected)).toBe(false);
  });
});
