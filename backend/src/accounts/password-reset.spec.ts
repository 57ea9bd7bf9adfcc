import { DomainError } from '../common/domain-error';
import { decideRequestReset, decideResetPassword } from './password-reset';
import { RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_REPLACED, RESET_LINK_USED } from './password-reset-token';
import { evolveUser, initialUser, type UserState } from './user';
import type { UserEvent } from './user.events';

const now = new Date('2026-11-27T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', clientId: 1, username: 'a@x.io', email: 'a@x.io', firstName: '', lastName: '', passwordHash: 'h1' },
} as UserEvent;
const fold = (events: UserEvent[], state: UserState = initialUser) => events.reduce(evolveUser, state);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? `${error.status} ${error.code}: ${error.message}` : String(error);
  }
  return 'accepted';
};

describe('password reset bound to its PasswordResetRequested', () => {
  const account = fold([registered]);
  const [first] = decideRequestReset(account, 'u1', 'r1', now);
  const afterFirst = fold([first]);
  const claimsOf = (event: UserEvent) => {
    const { userId, requestId, authVersion, expiresAt } = event.data as {
      userId: string;
      requestId: string;
      authVersion: number;
      expiresAt: string;
    };
    return { userId, requestId, authVersion, expiresAt };
  };

  it("accepts the latest request's own token and nothing minted beside it", () => {
    expect(decideResetPassword(fold([registered, first]), claimsOf(first), now, 'h2')[0]).toEqual({
      type: 'PasswordChanged',
      data: { userId: 'u1', passwordHash: 'h2', reset: true },
    });
    const state = fold([registered, first]);
    // A key holder's own token: a request nobody made, a real request's id with a longer life or another auth version.
    expect(refusal(() => decideResetPassword(fold([registered]), { ...claimsOf(first) }, now, 'h2'))).toBe(
      `400 invalid: ${RESET_LINK_INVALID}`,
    );
    expect(refusal(() => decideResetPassword(state, { ...claimsOf(first), requestId: 'r-made-up' }, now, 'h2'))).toBe(
      `400 invalid: ${RESET_LINK_INVALID}`,
    );
    const later = new Date(now.getTime() + 48 * 3600_000).toISOString();
    expect(refusal(() => decideResetPassword(state, { ...claimsOf(first), expiresAt: later }, now, 'h2'))).toBe(
      `400 invalid: ${RESET_LINK_INVALID}`,
    );
    expect(refusal(() => decideResetPassword(state, { ...claimsOf(first), authVersion: 7 }, now, 'h2'))).toBe(
      `400 invalid: ${RESET_LINK_INVALID}`,
    );
    expect(afterFirst.resetRequest?.requestId).toBe('r1');
  });

  it('refuses a replaced, a used and an expired token, each with its own message', () => {
    const [second] = decideRequestReset(fold([registered, first]), 'u1', 'r2', now);
    const twice = fold([registered, first, second]);
    expect(refusal(() => decideResetPassword(twice, claimsOf(first), now, 'h2'))).toBe(`400 invalid: ${RESET_LINK_REPLACED}`);
    const [changed] = decideResetPassword(twice, claimsOf(second), now, 'h2');
    expect(refusal(() => decideResetPassword(fold([changed], twice), claimsOf(second), now, 'h3'))).toBe(`400 invalid: ${RESET_LINK_USED}`);
    const late = new Date(now.getTime() + 61 * 60_000);
    expect(refusal(() => decideResetPassword(twice, claimsOf(second), late, 'h2'))).toBe(`400 invalid: ${RESET_LINK_EXPIRED}`);
  });
});
