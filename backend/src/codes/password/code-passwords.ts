import argon2 from 'argon2';
import { z } from 'zod';
import { safeObject, text } from '../../common/input';

/**
 * Passwords of dynamic codes (issue 15): argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane), the
 * same cost as account passwords, kept here so codes does not reach into accounts. Both calls run on libuv's thread
 * pool, never on the event loop.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const CODE_PASSWORD_MIN = 4;
export const CODE_PASSWORD_MAX = 128;

/** PUT /api/dynamic-qrcodes/{id}/password: 4 to 128 characters, kept as typed (no trimming), no control characters. */
export const codePasswordSchema = safeObject({
  password: text({
    label: 'Password',
    min: CODE_PASSWORD_MIN,
    max: CODE_PASSWORD_MAX,
    trim: false,
    typeMessage: 'Password is required',
    minMessage: `Password must be at least ${CODE_PASSWORD_MIN} characters`,
  }),
});
export type CodePasswordBody = z.output<typeof codePasswordSchema>;

export function hashCodePassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** Whether `password` matches `hash`; a malformed hash or an over-long password is a mismatch, never a throw. */
export async function verifyCodePassword(hash: string, password: string): Promise<boolean> {
  if (!hash || password.length > CODE_PASSWORD_MAX * 4) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
