import { DomainError } from '../common/domain-error';
import { decideDisable, decideEnable, decideSignIn, evolveUser, initialUser, type UserState } from './user';

const given = (...events: { type: string; data: unknown }[]): UserState =>
  events.reduce((state, event) => evolveUser(state, event as Parameters<typeof evolveUser>[1]), initialUser);
const registered = {
  type: 'UserRegistered',
  data: { userId: 'u1', clientId: 1, username: 'a@x', email: 'a@x', firstName: '', lastName: '', passwordHash: 'h' },
};

describe('disabling an account (pure decisions)', () => {
  it('an admin disables another account once; it moves the auth version; enabling brings sign-in back', () => {
    const user = given(registered);
    expect(decideDisable(user, 'u1', 'Spam', 'admin1')).toEqual([{ type: 'AccountDisabled', data: { userId: 'u1', reason: 'Spam' } }]);
    expect(() => decideDisable(user, 'u1', 'Spam', 'u1')).toThrow('You cannot disable your own account');
    const disabled = given(registered, { type: 'AccountDisabled', data: { userId: 'u1', reason: 'Spam' } });
    expect(disabled).toMatchObject({ disabled: true, authVersion: user.authVersion + 1 });
    expect(decideDisable(disabled, 'u1', 'Again', 'admin1')).toEqual([]);
    expect(decideEnable(user, 'u1')).toEqual([]);
    expect(decideEnable(disabled, 'u1')).toEqual([{ type: 'AccountEnabled', data: { userId: 'u1' } }]);
  });

  it('sign-in: the right password on a disabled account is 403 with the message; a wrong one stays 401', () => {
    const disabled = given(registered, { type: 'AccountDisabled', data: { userId: 'u1', reason: 'Spam' } });
    const refusal = (valid: boolean) => {
      try {
        decideSignIn(disabled, 'u1', valid, false);
      } catch (error) {
        return [(error as DomainError).status, (error as DomainError).message];
      }
      return null;
    };
    expect(refusal(true)).toEqual([403, 'This account has been disabled. Please contact support.']);
    expect(refusal(false)).toEqual([401, 'Invalid username or password']);
    const enabled = evolveUser(disabled, { type: 'AccountEnabled', data: { userId: 'u1' } } as Parameters<typeof evolveUser>[1]);
    expect(decideSignIn(enabled, 'u1', true, false)).toEqual([]);
  });
});
