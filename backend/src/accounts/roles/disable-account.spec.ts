import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { aggregate } from '../../test-support/given-when-then';
import { decideDisable, decideEnable, decideSignIn, evolveUser, initialUser, type UserState } from '../model/user';

const { given } = aggregate<UserState, Evolvable>(initialUser, evolveUser);
const registered = {
  type: 'UserRegistered',
  data: { userId: 'u1', clientId: 1, username: 'a@x', email: 'a@x', firstName: '', lastName: '', passwordHash: 'h' },
};
const disabledEvent = { type: 'AccountDisabled', data: { userId: 'u1', reason: 'Spam' } } as const;
const enabledEvent = { type: 'AccountEnabled', data: { userId: 'u1' } } as const;

describe('disabling an account (pure decisions)', () => {
  it('an admin disables another account once; it moves the auth version; enabling brings sign-in back', () => {
    const user = given(registered);
    const disabled = user.when((state) => decideDisable(state, 'u1', 'Spam', 'admin1')).then([disabledEvent]);
    expect(disabled).toMatchObject({ disabled: true, authVersion: user.state.authVersion + 1 });
    user.when((state) => decideDisable(state, 'u1', 'Spam', 'u1')).thenRefuses({ message: 'You cannot disable your own account' });
    given(registered, disabledEvent)
      .when((state) => decideDisable(state, 'u1', 'Again', 'admin1'))
      .then([]);
    user.when((state) => decideEnable(state, 'u1')).then([]);
    given(registered, disabledEvent)
      .when((state) => decideEnable(state, 'u1'))
      .then([enabledEvent]);
  });

  it('sign-in: the right password on a disabled account is 403 with the message; a wrong one stays 401', () => {
    const disabled = given(registered, disabledEvent);
    disabled
      .when((state) => decideSignIn(state, 'u1', true, false))
      .thenRefuses({ status: 403, message: 'This account has been disabled. Please contact support.' });
    disabled.when((state) => decideSignIn(state, 'u1', false, false)).thenRefuses({ status: 401, message: 'Invalid username or password' });
    given(registered, disabledEvent, enabledEvent)
      .when((state) => decideSignIn(state, 'u1', true, false))
      .then([]);
  });
});
