import { aggregate } from '../../test-support/given-when-then';
import { decideRequestReset, decideResetPassword } from './password-reset';
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_REPLACED, RESET_LINK_USED } from './password-reset-token';
import { evolveUser, initialUser, type UserState } from '../model/user';
import type { UserEvent } from '../model/user.events';

const now = new Date('2026-11-27T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', clientId: 1, username: 'a@x.io', email: 'a@x.io', firstName: '', lastName: '', passwordHash: 'h1' },
} as UserEvent;
const { given } = aggregate<UserState, UserEvent>(initialUser, evolveUser);
const invalid = (message: string) => ({ status: 400, message });

describe('password reset bound to its PasswordResetRequested', () => {
  const [first] = given(registered).when((state) => decideRequestReset(state, 'u1', 'r1', now)).result;
  const claimsOf = (event: UserEvent) => {
    if (event.type !== 'PasswordResetRequested') throw new Error(`${event.type} is not PasswordResetRequested`);
    const { userId, requestId, authVersion, expiresAt } = event.data;
    return { userId, requestId, authVersion, expiresAt };
  };

  it("accepts the latest request's own token and nothing minted beside it", () => {
    const requested = given(registered, first);
    expect(requested.state.resetRequest?.requestId).toBe('r1');
    requested
      .when((state) => decideResetPassword(state, claimsOf(first), now, 'h2'))
      .then([
        { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2', reset: true } },
        // The link went to the account's address: whoever opened it holds the address.
        { type: 'EmailVerified', data: { userId: 'u1', via: 'password-reset' } },
      ]);
    // A key holder's own token: a request nobody made, a real request's id with a longer life or another auth version.
    given(registered)
      .when((state) => decideResetPassword(state, claimsOf(first), now, 'h2'))
      .thenRefuses(invalid(RESET_LINK_INVALID));
    const later = new Date(now.getTime() + 48 * 3600_000).toISOString();
    for (const forged of [{ requestId: 'r-made-up' }, { expiresAt: later }, { authVersion: 7 }]) {
      requested
        .when((state) => decideResetPassword(state, { ...claimsOf(first), ...forged }, now, 'h2'))
        .thenRefuses(invalid(RESET_LINK_INVALID));
    }
  });

  it('refuses a replaced, a used and an expired token, each with its own message', () => {
    const [second] = given(registered, first).when((state) => decideRequestReset(state, 'u1', 'r2', now)).result;
    const twice = given(registered, first, second);
    twice.when((state) => decideResetPassword(state, claimsOf(first), now, 'h2')).thenRefuses(invalid(RESET_LINK_REPLACED));
    const [changed] = twice.when((state) => decideResetPassword(state, claimsOf(second), now, 'h2')).result;
    given(registered, first, second, changed)
      .when((state) => decideResetPassword(state, claimsOf(second), now, 'h3'))
      .thenRefuses(invalid(RESET_LINK_USED));
    const late = new Date(now.getTime() + 61 * 60_000);
    twice.when((state) => decideResetPassword(state, claimsOf(second), late, 'h2')).thenRefuses(invalid(RESET_LINK_EXPIRED));
  });
});
