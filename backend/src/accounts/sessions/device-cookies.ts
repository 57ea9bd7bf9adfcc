import { createParamDecorator, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { ENV, Env, secureCookies } from '../../config/env';
import { CookieSigner, readCookie } from './signed-cookies';

export const DEVICE_COOKIE = 'qrs.device';
const DEVICE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** Its lifetime and path (the Privacy page states both: legal-facts.spec.ts). */
export const DEVICE_COOKIE_OPTIONS = { maxAgeMs: DEVICE_MAX_AGE_MS, path: '/api/login' } as const;

/** What a device cookie says: this browser signed in as this user (tenant + username) before; nonce names the device. */
interface DevicePayload {
  t: number;
  u: string;
  n: string;
  e: number;
}

export const usernameKey = (username: string) => username.trim().toLowerCase();

/**
 * OWASP's device cookie (Authentication Cheat Sheet, "Account lockout" / "device cookies"): a successful sign-in sets a
 * signed cookie naming the user; a later attempt carrying a valid one for the same user is limited per device instead
 * of per username, so failures from elsewhere cannot lock the owner out, and an abused device cookie is throttled alone.
 */
@Injectable()
export class DeviceCookies {
  private readonly signer: CookieSigner;
  private readonly secure: boolean;

  constructor(@Inject(ENV) env: Env) {
    this.signer = new CookieSigner(env.SESSION_SECRET, 'device-cookie');
    this.secure = secureCookies(env);
  }

  /** Sets (or replaces) the device cookie for the user who just signed in. */
  issue(res: Response, tenantId: number, username: string, now = Date.now()): void {
    const payload: DevicePayload = {
      t: tenantId,
      u: usernameKey(username),
      n: randomBytes(16).toString('base64url'),
      e: now + DEVICE_MAX_AGE_MS,
    };
    res.cookie(DEVICE_COOKIE, this.signer.sign(payload), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: DEVICE_COOKIE_OPTIONS.maxAgeMs,
      path: DEVICE_COOKIE_OPTIONS.path,
    });
  }

  /** The device's nonce when `value` is a valid, unexpired device cookie for this tenant's username; else null. */
  deviceFor(value: string | null, tenantId: number, username: string, now = Date.now()): string | null {
    const payload = this.signer.unsign(value) as Partial<DevicePayload> | null;
    if (!payload || typeof payload.n !== 'string' || typeof payload.e !== 'number') return null;
    if (payload.t !== tenantId || payload.u !== usernameKey(username) || payload.e <= now) return null;
    return payload.n;
  }
}

/** The raw device cookie of the request (verified by the login command against the username it tries). */
export const DeviceToken = createParamDecorator((_data: unknown, context: ExecutionContext): string | null =>
  readCookie(context.switchToHttp().getRequest<Request>(), DEVICE_COOKIE),
);
