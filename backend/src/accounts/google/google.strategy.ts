import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import type { Env } from '../../config/env';
import type { GoogleStateStore } from './google-state.store';

/** What accounts needs of Google's profile; only a verified email links an existing account. */
export interface GoogleProfile {
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/**
 * passport-google-oauth20 with its three URLs from the settings (Google's by default), so tests run the same
 * code against a local OAuth2 server. The callback URL is made per request by GoogleAuthGuard from the tenant's
 * configured origin (never the request's Host), and the OAuth state lives in a signed cookie, not a session.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(env: Env, stateStore: GoogleStateStore) {
    super({
      clientID: env.GOOGLE_CLIENT_ID!,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
      callbackURL: env.GOOGLE_CALLBACK_URL ?? '/auth/google/callback',
      authorizationURL: env.GOOGLE_AUTH_URL,
      tokenURL: env.GOOGLE_TOKEN_URL,
      userProfileURL: env.GOOGLE_PROFILE_URL,
      scope: ['profile', 'email'],
      // Its store/verify are passport-oauth2's (req, meta, callback) and (req, state, callback) forms.
      store: stateStore as unknown as StateStore,
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleProfile {
    return toGoogleProfile(profile);
  }
}

/** Google's OpenID userinfo as passport parsed it -> what accounts needs. Only a verified email links an existing account. */
export function toGoogleProfile(profile: Pick<Profile, 'id' | 'name' | 'emails' | 'displayName'>): GoogleProfile {
  const email = profile.emails?.[0];
  const verified = email?.verified as unknown;
  return {
    googleId: String(profile.id),
    email: email?.value?.trim() || null,
    emailVerified: verified === true || verified === 'true',
    firstName: profile.name?.givenName?.trim() ?? '',
    lastName: profile.name?.familyName?.trim() ?? '',
  };
}
