import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ENV, Env, secureCookies } from '../../config/env';
import { CookieSigner, readCookie } from '../sessions/signed-cookies';

export const GOOGLE_STATE_COOKIE = 'qrs.gstate';
const STATE_MAX_AGE_MS = 10 * 60 * 1000;
const COOKIE_PATH = '/auth/google';
/** Its lifetime and path (the Privacy page states both: legal-facts.spec.ts). */
export const GOOGLE_STATE_COOKIE_OPTIONS = { maxAgeMs: STATE_MAX_AGE_MS, path: COOKIE_PATH } as const;

/**
 * passport-oauth2's state store without a session: GET /auth/google stores nothing on the server (an anonymous
 * visit used to save a 14-day session row); the state sent to Google is a random nonce, and the browser keeps it in
 * a signed, HttpOnly, SameSite=Lax cookie that lives 10 minutes and is sent only to /auth/google. The callback
 * verifies the state against the cookie and clears it, whatever the outcome.
 */
@Injectable()
export class GoogleStateStore {
  private readonly signer: CookieSigner;
  private readonly secure: boolean;

  constructor(@Inject(ENV) env: Env) {
    this.signer = new CookieSigner(env.SESSION_SECRET, 'google-state');
    this.secure = secureCookies(env);
  }

  /** passport calls store(req, meta, callback) (its arity selects this form). */
  store(req: Request, _meta: unknown, callback: (error: Error | null, state?: string) => void): void {
    const nonce = randomBytes(24).toString('base64url');
    req.res?.cookie(GOOGLE_STATE_COOKIE, this.signer.sign({ n: nonce, e: Date.now() + STATE_MAX_AGE_MS }), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: STATE_MAX_AGE_MS,
      path: COOKIE_PATH,
    });
    callback(null, nonce);
  }

  /** passport calls verify(req, state, callback): ok false -> the callback fails (no one is signed in). */
  verify(req: Request, state: unknown, callback: (error: Error | null, ok: boolean, info?: unknown) => void): void {
    const payload = this.signer.unsign(readCookie(req, GOOGLE_STATE_COOKIE)) as { n?: unknown; e?: unknown } | null;
    req.res?.clearCookie(GOOGLE_STATE_COOKIE, { path: COOKIE_PATH });
    const given = Buffer.from(typeof state === 'string' ? state : '');
    const expected = Buffer.from(typeof payload?.n === 'string' ? payload.n : '');
    const valid =
      expected.length > 0 &&
      typeof payload?.e === 'number' &&
      payload.e > Date.now() &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    if (!valid) return callback(null, false, { message: 'Unable to verify authorization request state.' });
    callback(null, true);
  }
}
