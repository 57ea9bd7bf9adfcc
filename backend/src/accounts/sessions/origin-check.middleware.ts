import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ENV, Env } from '../../config/env';
import { bearerToken } from './bearer';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_ORIGIN_REFUSED = 'Cross-origin request refused';

/** The origin a request claims to come from: Origin, else the origin of Referer; null when neither is sent. */
export function claimedOrigin(origin: string | undefined, referer: string | undefined): string | null {
  if (origin) return origin;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * CSRF defence for cookie sessions (beside SameSite=Lax): a state-changing request that names an origin must
 * name this host or PUBLIC_ORIGIN. Requests naming none (curl, server-to-server webhooks) pass: browsers
 * always send Origin on cross-site POST/PUT/PATCH/DELETE.
 */
export function isCrossOriginRefused(method: string, origin: string | null, host: string | undefined, publicOrigin: string): boolean {
  if (!UNSAFE.has(method.toUpperCase()) || origin === null) return false;
  if (origin === 'null') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  if (parsed.origin === new URL(publicOrigin).origin) return false;
  return !host || parsed.host.toLowerCase() !== host.toLowerCase();
}

@Injectable()
export class OriginCheckMiddleware implements NestMiddleware {
  constructor(@Inject(ENV) private readonly env: Env) {}

  use(req: Request, res: Response, next: NextFunction): void {
    // A bearer call never uses the cookie (accounts' authenticate: the key's owner or nobody), so there is nothing
    // for a forged cross-site request to ride on; browsers cannot add this header cross-site without a preflight.
    if (bearerToken(req) !== null) return next();
    const origin = claimedOrigin(req.headers.origin, req.headers.referer);
    if (isCrossOriginRefused(req.method, origin, req.headers.host, this.env.PUBLIC_ORIGIN)) {
      res.status(403).json({ statusCode: 403, message: CROSS_ORIGIN_REFUSED, error: 'Forbidden' });
      return;
    }
    next();
  }
}
