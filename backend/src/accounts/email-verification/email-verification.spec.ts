import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { aggregate, refusalOf } from '../../test-support/given-when-then';
import { decideRequestVerification, decideVerifyEmail } from './email-verification';
import { signVerificationToken, verifyVerificationToken } from './email-verification-token';
import { decideGoogleSignIn, evolveUser, initialUser, type UserState } from '../model/user';

const user = aggregate<UserState, Evolvable>(initialUser, evolveUser);
const { given } = user;
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
describe('email verification (issue 27): pure decisions', () => {
  const pending = { requestId: 'r1', expiresAt: later(60_000).toISOString() };

  it('a link verifies while it is the pending request and unexpired; then never again', () => {
    const verifiedEvent = { type: 'EmailVerified', data: { userId: 'u1', via: 'link', requestId: 'r1' } } as const;
    const open = (at: Date) => (state: UserState) => decideVerifyEmail(state, { userId: 'u1', ...pending }, at);
    given(registered(pending)).when(open(now)).then([verifiedEvent]);
    given(registered(pending))
      .when(open(later(60_000)))
      .thenRefuses({ message: 'This verification link has expired. Please ask for a new one.' });
    given(registered(pending), verifiedEvent).when(open(now)).thenRefuses({ message: 'This verification link has already been used.' });
    const resent = given(registered(pending), {
      type: 'EmailVerificationRequested',
      data: { userId: 'u1', requestId: 'r2', expiresAt: later(120_000).toISOString(), requestedAt: now.toISOString() },
    });
    expect(resent.when(open(now)).thenRefuses().message).toMatch(/replaced by a newer one/);
    given().when(open(now)).thenRefuses({ message: 'This verification link is invalid. Please ask for a new one.' });
  });

  it('resends: one a minute, five a day; none for a verified address', () => {
    let state = given(registered(pending)).state;
    for (let i = 0; i < 5; i++) {
      state = user.fold(decideRequestVerification(state, 'u1', `r${i}`, later(i * 61_000)), state);
      if (i < 4) {
        const refused = refusalOf(() => decideRequestVerification(state, 'u1', 'x', later(i * 61_000 + 30_000)));
        expect(refused.message).toMatch(/less than a minute ago/);
      }
    }
    expect(refusalOf(() => decideRequestVerification(state, 'u1', 'x', later(6 * 61_000))).message).toMatch(/Too many verification emails/);
    expect(decideRequestVerification(state, 'u1', 'x', later(25 * 60 * 60 * 1000))).toHaveLength(1);
    given(registered(pending), { type: 'EmailVerified', data: { userId: 'u1', via: 'google' } })
      .when((verified) => decideRequestVerification(verified, 'u1', 'x', now))
      .thenRefuses({ message: 'Your email address is already verified.' });
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
    const signIn =
      (email = profile.email, isNew = true) =>
      (state: UserState) =>
        decideGoogleSignIn(state, 'u1', { ...profile, email }, isNew);
    const unverified = given(registered());
    expect(unverified.when(signIn()).result.map((event) => event.type)).toEqual([
      'UserSignedInWithGoogle',
      'EmailVerified',
      'PasswordRemoved',
    ]);
    given(registered(), { type: 'EmailVerified', data: { userId: 'u1', via: 'link' } })
      .when(signIn())
      .then([{ type: 'UserSignedInWithGoogle', data: { userId: 'u1', googleId: 'g1', email: 'ANN@x.io', linked: true } }]);
    // Already linked before issue 27 (found by Google id): Google's word still takes the unproven password away.
    const linked = given(registered(), { type: 'UserSignedInWithGoogle', data: { userId: 'u1', googleId: 'g1', email: 'ann@x.io' } });
    expect(linked.when(signIn(profile.email, false)).result.map((event) => event.type)).toEqual(['EmailVerified', 'PasswordRemoved']);
    // Google vouching for another address proves nothing about this one.
    linked.when(signIn('other@x.io', false)).then([]);
    unverified.when(signIn('other@x.io')).thenRefuses({ message: 'Username already exists' });
    const removed = user.fold(unverified.when(signIn()).result, unverified.state);
    expect(removed).toMatchObject({ passwordHash: null, authVersion: 1, emailVerified: true, googleId: 'g1' });
  });
});
