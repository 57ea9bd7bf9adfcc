import type { Request } from 'express';
import type { AuthUser } from '../model/auth-user';

/**
 * Calls with `Authorization: Bearer <key>` (issue 34): an API key, never the session cookie. The api-keys feature's
 * guard (a global guard, so it runs before every route's own) checks the key and names its owner here; accounts then
 * answers that owner, or nobody, for the whole request: a bearer call is never authenticated by a cookie it may also
 * carry, which is why it needs no CSRF origin check (a browser cannot send this header cross-site without a CORS
 * preflight this server never grants).
 */
type KeyRequest = Request & { keyUser?: AuthUser };

const BEARER = /^Bearer(?:\s+(.*))?$/i;

/** The key a request carries, '' when `Authorization: Bearer` names none; null when it is no bearer call. */
export function bearerToken(req: Pick<Request, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/** Marks the request as acting for the key's owner: as a plain owner, whatever roles the account holds. */
export function actAsKeyOwner(req: Request, owner: AuthUser): void {
  (req as KeyRequest).keyUser = { ...owner, roles: ['user'] };
}

/** The key's owner on a bearer call (undefined on any other, or before the key was checked). */
export function keyUserOf(req: Request): AuthUser | undefined {
  return (req as KeyRequest).keyUser;
}
