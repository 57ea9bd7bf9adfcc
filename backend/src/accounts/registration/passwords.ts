import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummy: Promise<string> | null = null;

/**
 * Verifies `password` against `hash`; with no hash (no such user, Google-only account) it verifies against a
 * dummy hash of the same cost, so "no such user" and "wrong password" take the same time.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummy ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
