import { DomainError } from '../../common/domain-error';
import { decideAdminStatus, evolveAdminRegistry, initialAdminRegistry, LAST_ADMIN, LAST_ADMIN_DELETE } from './admin-registry';
import { initialUser, type UserState } from '../model/user';

const user = (patch: Partial<UserState>): UserState => ({ ...initialUser, exists: true, tenantId: 3, ...patch });
const admin = user({ roles: ['admin'] });

describe('the admin registry (the last-admin rule)', () => {
  it('records a change of admin capacity, and nothing when it does not change', () => {
    expect(decideAdminStatus(user({}), admin, 'u1', [])).toEqual([
      { type: 'AdminStatusChanged', data: { userId: 'u1', clientId: 3, isAdmin: true } },
    ]);
    expect(decideAdminStatus(admin, { ...admin, roles: ['admin', 'support'] }, 'u1', [])).toEqual([]);
    expect(decideAdminStatus(user({ roles: ['support'] }), user({}), 'u1', [])).toEqual([]);
    // A disabled admin cannot act: enabling them gives the capacity back.
    expect(decideAdminStatus({ ...admin, disabled: true }, admin, 'u1', [])).toEqual([
      { type: 'AdminStatusChanged', data: { userId: 'u1', clientId: 3, isAdmin: true } },
    ]);
  });

  it('refuses to remove the last admin (revoke, disable, delete) with 409, and allows it when another admin remains', () => {
    for (const after of [user({}), { ...admin, disabled: true }, { ...admin, deleted: true }]) {
      expect(() => decideAdminStatus(admin, after, 'u1', [])).toThrow(new DomainError('conflict', LAST_ADMIN));
      expect(decideAdminStatus(admin, after, 'u1', ['u2'])).toEqual([
        { type: 'AdminStatusChanged', data: { userId: 'u1', clientId: 3, isAdmin: false } },
      ]);
    }
    expect(() => decideAdminStatus(admin, { ...admin, deleted: true }, 'u1', [], LAST_ADMIN_DELETE)).toThrow(LAST_ADMIN_DELETE);
  });

  it('folds the users it has named, once each', () => {
    const named = [
      { type: 'AdminStatusChanged', data: { userId: 'a', clientId: 1, isAdmin: true } },
      { type: 'AdminStatusChanged', data: { userId: 'b', clientId: 1, isAdmin: true } },
      { type: 'AdminStatusChanged', data: { userId: 'a', clientId: 1, isAdmin: false } },
    ].reduce(evolveAdminRegistry, initialAdminRegistry);
    expect(named).toEqual({ named: ['a', 'b'] });
  });
});
