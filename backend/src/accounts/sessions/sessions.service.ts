import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../../common/domain-error';
import { requestContext } from '../../common/request-context';
import { ENV, Env } from '../../config/env';
import type { AuthUser, SignedIn } from '../model/auth-user';
import { DeviceCookies } from './device-cookies';
import type { GoogleProfile } from '../google/google.strategy';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, SessionMiddleware } from './session.middleware';

export const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

/**
 * The HTTP side of signing in and out, kept out of the commands (which are plain values and know no request):
 * the controller hands over the command's pending answer and this establishes or ends the session around it.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionMiddleware,
    private readonly devices: DeviceCookies,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Register and log in: once the command has answered, the browser is signed in as that user, and it gets a device
   * cookie for them (a later sign-in from it is throttled per device, not with the username: device-cookies.ts).
   */
  async signInAfter(req: Request, pending: Promise<SignedIn>): Promise<AuthUser> {
    const signedIn = await pending;
    await this.establish(req, signedIn);
    if (req.res) this.devices.issue(req.res, signedIn.user.tenantId, signedIn.user.username);
    return signedIn.user;
  }

  /** Change password: this session goes on under a new id and the new auth version; every other session ends. */
  async renewAfter(req: Request, pending: Promise<SignedIn>): Promise<{ message: string }> {
    const signedIn = await pending;
    await this.establish(req, signedIn);
    await this.sessions.destroyOtherSessions(signedIn.user.id, req.sessionID);
    return { message: 'Password updated' };
  }

  /** Delete account: every session of the user ends, this one with its cookie. */
  async endAllAfter<T>(req: Request, userId: string, pending: Promise<T>): Promise<T> {
    const answer = await pending;
    await this.sessions.destroyOtherSessions(userId, null);
    await this.logout(req);
    return answer;
  }

  async logout(req: Request): Promise<{ message: string }> {
    if (req.session) await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    req.res?.clearCookie(SESSION_COOKIE, { path: '/' });
    return { message: 'You have been successfully logged out' };
  }

  /** The end of Google's round trip: signed in -> '/'; refused or failed -> back to /auth with the message. */
  async redirectAfterGoogle(req: Request, res: Response, signIn: (profile: GoogleProfile) => Promise<SignedIn>): Promise<void> {
    if (!this.env.GOOGLE_CLIENT_ID) return res.redirect(302, '/auth/google');
    const profile = req.user as GoogleProfile | undefined;
    if (!profile) return res.redirect(302, `/auth?error=${encodeURIComponent(GOOGLE_FAILED)}`);
    try {
      const signedIn = await signIn(profile);
      await this.establish(req, signedIn);
      // Google proved the address and the unproven password went (issue 27): every other session ends now, not only at
      // its next request's auth-version check.
      if (signedIn.endsOtherSessions) await this.sessions.destroyOtherSessions(signedIn.user.id, req.sessionID);
    } catch (error) {
      if (error instanceof DomainError) return res.redirect(302, `/auth?error=${encodeURIComponent(error.message)}`);
      throw error;
    }
    res.redirect(302, '/');
  }

  /** A fresh session id at every sign-in (no fixation), bound to the tenant and the user's auth version. */
  private async establish(req: Request, { user, authVersion }: SignedIn): Promise<void> {
    // A request that came without the session cookie has no session yet (SessionMiddleware): it gets one now.
    if (req.res) await this.sessions.attach(req, req.res);
    await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
    req.session.userId = user.id;
    req.session.tenantId = user.tenantId;
    req.session.authVersion = authVersion;
    req.session.lastSeenAt = Date.now();
    req.session.endsAt = Date.now() + SESSION_MAX_AGE_MS;
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
    const current = requestContext.current();
    if (current) current.actorId = user.id;
  }
}
