import { decideRequestVerification, decideVerifyEmail } from './email-verification';
import { signVerificationToken, verifyVerificationToken } from './email-verification-token';
import { decideGoogleSignIn, evolveUser, initialUser, type UserState } from './user';

const given = (...events: { type: string; data: unknown }[]): UserState => events.reduce(evolveUser, initialUser);
const registered = (verification?: { requestId: string; expiresAt: string }) => ({
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    clientId: 1,
    username: 'ann@x.io',
    email: 'Ann@x.io',
    firstName: '',
    lastName: '',
    passwordHash: 'h1',
    verification,
  },
});
const now = new Date('2030-01-01T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no refusal';
};

describe('email verification (issue 27): pure decisions', () => {
  const pending = { requestId: 'r1', expiresAt: later(60_000).toISOString() };

  it('a link verifies while it is the pending request and unexpired; then never again', () => {
    const state = given(registered(pending));
    expect(decideVerifyEmail(state, { userId: 'u1', ...pending }, now)).toEqual([
      { type: 'EmailVerified', data: { userId: 'u1', via: 'link', requestId: 'r1' } },
    ]);
    expect(message(() => decideVerifyEmail(state, { userId: 'u1', ...pending }, later(60_000)))).toBe(
      'This verification link has expired. Please ask for a new one.',
    );
    const verified = given(registered(pending), { type: 'EmailVerified', data: { userId: 'u1', via: 'link', requestId: 'r1' } });
    expect(message(() => decideVerifyEmail(verified, { userId: 'u1', ...pending }, now))).toBe(
      'This verification link has already been used.',
    );
    const resent = given(registered(pending), {
      type: 'EmailVerificationRequested',
      data: { userId: 'u1', requestId: 'r2', expiresAt: later(120_000).toISOString(), requestedAt: now.toISOString() },
    });
    expect(message(() => decideVerifyEmail(resent, { userId: 'u1', ...pending }, now))).toMatch(/replaced by a newer one/);
    expect(message(() => decideVerifyEmail(given(), { userId: 'u1', ...pending }, now))).toBe(
      'This verification link is invalid. Please ask for a new one.',
    );
  });

  it('resends: one a minute, five a day; none for a verified address', () => {
    let state = given(registered(pending));
    for (let i = 0; i < 5; i++) {
      const events = decideRequestVerification(state, 'u1', `r${i}`, later(i * 61_000));
      state = events.reduce(evolveUser, state);
      if (i < 4)
        expect(message(() => decideRequestVerification(state, 'u1', 'x', later(i * 61_000 + 30_000)))).toMatch(/less than a minute ago/);
    }
    expect(message(() => decideRequestVerification(state, 'u1', 'x', later(6 * 61_000)))).toMatch(/Too many verification emails/);
    expect(decideRequestVerification(state, 'u1', 'x', later(25 * 60 * 60 * 1000))).toHaveLength(1);
    const verified = given(registered(pending), { type: 'EmailVerified', data: { userId: 'u1', via: 'google' } });
    expect(message(() => decideRequestVerification(verified, 'u1', 'x', now))).toBe('Your email address is already verified.');
  });

  it('tokens: signed per purpose; a tampered or foreign one is null', () => {
    const token = signVerificationToken('secret', { userId: 'u1', ...pending });
    expect(verifyVerificationToken('secret', token)).toEqual({ userId: 'u1', ...pending });
    expect(verifyVerificationToken('other-secret', token)).toBeNull();
    expect(verifyVerificationToken('secret', `${token}x`)).toBeNull();
    expect(verifyVerificationToken('secret', 'a.b.c')).toBeNull();
  });

  it('Google into an unverified account with a password: verified, password removed; into a verified one: linked only', () => {
    const profile = { googleId: 'g1', email: 'ANN@x.io', emailVerified: true };
    expect(decideGoogleSignIn(given(registered()), 'u1', profile, true).map((event) => event.type)).toEqual([
      'UserSignedInWithGoogle',
      'EmailVerified',
      'PasswordRemoved',
    ]);
    const verified = given(registered(), { type: 'EmailVerified', data: { userId: 'u1', via: 'link' } });
    expect(decideGoogleSignIn(verified, 'u1', profile, true)).toEqual([
      { type: 'UserSignedInWithGoogle', data: { userId: 'u1', googleId: 'g1', email: 'ANN@x.io', linked: true } },
    ]);
    // Already linked before issue 27 (found by Google id): Google's word still takes the unproven password away.
    const linked = given(registered(), { type: 'UserSignedInWithGoogle', data: { userId: 'u1', googleId: 'g1', email: 'ann@x.io' } });
    expect(decideGoogleSignIn(linked, 'u1', profile, false).map((event) => event.type)).toEqual(['EmailVerified', 'PasswordRemoved']);
    // Google vouching for another address proves nothing about this one.
    expect(decideGoogleSignIn(linked, 'u1', { ...profile, email: 'other@x.io' }, false)).toEqual([]);
    expect(message(() => decideGoogleSignIn(given(registered()), 'u1', { ...profile, email: 'other@x.io' }, true))).toBe(
      'Username already exists',
    );
    const removed = decideGoogleSignIn(given(registered()), 'u1', profile, true).reduce(evolveUser, given(registered()));
    expect(removed).toMatchObject({ passwordHash: null, authVersion: 1, emailVerified: true, googleId: 'g1' });
  });
});
