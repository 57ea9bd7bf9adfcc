import { ZodError } from 'zod';
import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { aggregate } from '../../test-support/given-when-then';
import { changePasswordSchema, loginSchema, registerSchema, updateNameSchema } from '../account.schemas';
import { parseAdminCommand } from '../roles/admin-command';
import { claimedOrigin, isCrossOriginRefused } from '../sessions/origin-check.middleware';
import { attemptLimits, exceeded } from '../sessions/rate-limiter';
import {
  authUserOf,
  decideChangeName,
  decideChangePassword,
  DELETE_CONFIRMATION_REQUIRED,
  DELETE_CONFIRMATION_WRONG,
  DELETE_PASSWORD_REQUIRED,
  DELETE_PASSWORD_WRONG,
  DeleteProof,
  decideDelete,
  decideGrantRole,
  decideLinkGoogle,
  decideRegister,
  decideReleaseKey,
  decideReserveKey,
  decideRevokeRole,
  decideSignIn,
  effectiveRoles,
  evolveAccount,
  evolveKey,
  evolveUser,
  hasRequiredRole,
  googleAccount,
  initialAccount,
  initialKey,
  initialUser,
  isAdminEmail,
  signedInAs,
  UserState,
} from './user';
import { StreamNames } from '../../event-store/personal-data/stream-names';
import { googleIdStreams, usernameStreams } from './user.events';

const { given } = aggregate<UserState, Evolvable>(initialUser, evolveUser);
const registered = {
  type: 'UserRegistered',
  data: { userId: 'u1', clientId: 1, username: 'Ann@x.io', email: 'Ann@x.io', firstName: '', lastName: '', passwordHash: 'h1' },
};
const firstMessage = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as ZodError).issues[0]?.message;
  }
  return undefined;
};

describe('user aggregate', () => {
  it('folds its own events and ignores events other features append to user-{id}', () => {
    const state = given(
      registered,
      { type: 'TrialActivated', data: { userId: 'u1', trialStartDate: 'a', trialEndDate: 'b' } },
      { type: 'DynamicQrSlotTaken', data: { userId: 'u1' } },
      { type: 'SomethingFromTheFuture', data: null },
      { type: 'UserNameChanged', data: { userId: 'u1', firstName: 'Ann', lastName: 'Lee' } },
      { type: 'RoleGranted', data: { userId: 'u1', role: 'support' } },
      { type: 'RoleGranted', data: { userId: 'u1', role: 'support' } },
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } },
      { type: 'UserSignedInWithGoogle', data: { userId: 'u1', googleId: 'g1', email: 'Ann@x.io' } },
    ).state;
    expect(state).toEqual({
      exists: true,
      deleted: false,
      tenantId: 1,
      username: 'Ann@x.io',
      email: 'Ann@x.io',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: 'h2',
      googleId: 'g1',
      roles: ['support'],
      authVersion: 1,
      disabled: false,
      emailVerified: false,
      verification: null,
      verifiedRequestId: null,
      verificationRequestedAt: [],
      resetRequest: null,
      replacedResets: [],
    });
    expect(
      given(registered, { type: 'RoleGranted', data: { role: 'admin' } }, { type: 'RoleRevoked', data: { role: 'admin' } }).state.roles,
    ).toEqual([]);
  });

  it('registers with UserRegistered, plus the Google link and the admin role when due', () => {
    const input = {
      userId: 'u1',
      tenantId: 2,
      username: 'a@x.io',
      email: 'a@x.io',
      firstName: '',
      lastName: '',
      passwordHash: 'h',
      admin: false,
    };
    expect(decideRegister(input).map((event) => event.type)).toEqual(['UserRegistered']);
    // Issue 27: an ADMIN_EMAILS address becomes admin only with a verified address (Google's word at sign-up).
    expect(decideRegister({ ...input, googleId: 'g', admin: true }).map((event) => event.type)).toEqual([
      'UserRegistered',
      'UserSignedInWithGoogle',
    ]);
    expect(decideRegister({ ...input, googleId: 'g', emailVerified: true, admin: true }).map((event) => event.type)).toEqual([
      'UserRegistered',
      'UserSignedInWithGoogle',
      'EmailVerified',
      'RoleGranted',
    ]);
    const verification = { requestId: 'r1', expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(decideRegister({ ...input, verification })[0].data).toMatchObject({ verification });
  });

  it('changes the name only when it differs; refuses on a deleted or unknown user', () => {
    given(registered)
      .when((state) => decideChangeName(state, 'u1', '', ''))
      .then([]);
    given(registered)
      .when((state) => decideChangeName(state, 'u1', 'A', 'B'))
      .then([{ type: 'UserNameChanged', data: { userId: 'u1', firstName: 'A', lastName: 'B' } }]);
    given()
      .when((state) => decideChangeName(state, 'u1', 'A', 'B'))
      .thenRefuses({ status: 404, message: 'User not found', fields: undefined });
    given(registered, { type: 'UserDeleted', data: { userId: 'u1' } })
      .when((state) => decideChangeName(state, 'u1', 'A', 'B'))
      .thenRefuses({ status: 404, message: 'User not found' });
  });

  it('changes the password only with the right current password', () => {
    given(registered)
      .when((state) => decideChangePassword(state, 'u1', false, 'h2'))
      .thenRefuses({ status: 400, message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } });
    given(registered)
      .when((state) => decideChangePassword(state, 'u1', true, 'h2'))
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } }]);
  });

  it('deletes once', () => {
    const proof = { password: 'p', passwordValid: true };
    const deleted = given(registered)
      .when((state) => decideDelete(state, 'u1', proof))
      .then([{ type: 'UserDeleted', data: expect.objectContaining({ userId: 'u1' }) }]);
    expect(deleted.deleted).toBe(true);
    given(registered, { type: 'UserDeleted', data: { userId: 'u1' } })
      .when((state) => decideDelete(state, 'u1', proof))
      .thenRefuses({ status: 404, message: 'User not found' });
  });

  it('deletes an account with a password only with the right password (issue 30 item 8)', () => {
    const refused = (proof: DeleteProof, message: string) =>
      given(registered)
        .when((state) => decideDelete(state, 'u1', proof))
        .thenRefuses({ status: 400, message, fields: { password: message } });
    refused({ passwordValid: false }, DELETE_PASSWORD_REQUIRED);
    refused({ password: 'wrong', passwordValid: false }, DELETE_PASSWORD_WRONG);
    // A typed email does not stand in for the password when there is one.
    refused({ passwordValid: false, confirmation: 'Ann@x.io' }, DELETE_PASSWORD_REQUIRED);
  });

  it('deletes an account without a password (Google only) when its email address is typed', () => {
    const googleOnly = { ...registered, data: { ...registered.data, passwordHash: null } };
    const refused = (proof: DeleteProof, message: string) =>
      given(googleOnly)
        .when((state) => decideDelete(state, 'u1', proof))
        .thenRefuses({ status: 400, message, fields: { confirmation: message } });
    refused({ passwordValid: false }, DELETE_CONFIRMATION_REQUIRED);
    refused({ passwordValid: false, confirmation: 'bob@x.io' }, DELETE_CONFIRMATION_WRONG);
    given(googleOnly)
      .when((state) => decideDelete(state, 'u1', { passwordValid: false, confirmation: ' ann@X.io ' }))
      .then([{ type: 'UserDeleted', data: { userId: 'u1' } }]);
  });

  it('grants and revokes roles idempotently; user is implicit and cannot be revoked', () => {
    given(registered)
      .when((state) => decideGrantRole(state, 'u1', 'user'))
      .then([]);
    given(registered)
      .when((state) => decideGrantRole(state, 'u1', 'admin'))
      .then([{ type: 'RoleGranted', data: { userId: 'u1', role: 'admin' } }]);
    given(registered, { type: 'RoleGranted', data: { role: 'admin' } })
      .when((state) => decideGrantRole(state, 'u1', 'admin'))
      .then([]);
    given(registered)
      .when((state) => decideRevokeRole(state, 'u1', 'admin'))
      .then([]);
    given(registered)
      .when((state) => decideRevokeRole(state, 'u1', 'user'))
      .thenRefuses({ status: 400, message: "The role 'user' cannot be revoked" });
  });

  it('links a Google account once, never a second one', () => {
    expect(given(registered).when((state) => decideLinkGoogle(state, 'u1', 'g1', 'a@x.io')).result).toHaveLength(1);
    const linked = given(registered, { type: 'UserSignedInWithGoogle', data: { googleId: 'g1' } });
    linked.when((state) => decideLinkGoogle(state, 'u1', 'g1', 'a@x.io')).then([]);
    expect(linked.when((state) => decideLinkGoogle(state, 'u1', 'g2', 'a@x.io')).thenRefuses({ status: 409 }).message).toContain(
      'linked to another Google account',
    );
  });

  it('reserves unique keys until released', () => {
    expect(decideReserveKey(initialKey, 'u1', 'taken')).toEqual([{ type: 'KeyReserved', data: { userId: 'u1' } }]);
    const held = evolveKey(initialKey, { type: 'KeyReserved', data: { userId: 'u1' } });
    expect(() => decideReserveKey(held, 'u2', 'Username already exists')).toThrow('Username already exists');
    expect(decideReserveKey(evolveKey(held, { type: 'KeyReleased', data: { userId: 'u1' } }), 'u2', 'taken')).toHaveLength(1);
  });

  it('names a key stream by a salted hash of the key (issue 32), its legacy name spelling the key out', () => {
    const names = new StreamNames('a-salt-of-sixteen-chars');
    const ann = usernameStreams(names, 3, '  Ann@X.io ');
    expect(ann.legacy).toBe('username-3-ann@x.io');
    expect(ann.stream).toMatch(/^username-h-3-[0-9a-f]{32}$/);
    expect(usernameStreams(names, 3, 'ann@x.io')).toEqual(ann);
    expect(usernameStreams(names, 4, 'ann@x.io').stream.slice(-32)).toBe(ann.stream.slice(-32));
    expect(usernameStreams(new StreamNames('another-salt-of-16'), 3, 'ann@x.io').stream).not.toBe(ann.stream);
    expect(googleIdStreams(names, 3, '1234567890')).toEqual({
      stream: expect.stringMatching(/^google-h-3-[0-9a-f]{32}$/),
      legacy: 'google-3-1234567890',
    });
    expect(`${ann.stream} ${googleIdStreams(names, 3, '1234567890').stream}`).not.toMatch(/ann|1234567890/);
  });

  it('refusals are DomainErrors with the statuses the specs give', () => {
    const { given: key } = aggregate(initialKey, evolveKey);
    key({ type: 'KeyReserved', data: { userId: 'u2' } })
      .when((state) => decideReserveKey(state, 'u1', 'Username already exists'))
      .thenRefuses({ status: 409, message: 'Username already exists' });
    given()
      .when((state) => decideSignIn(state, 'u1', false, false))
      .thenRefuses({ status: 401, message: 'Invalid username or password', fields: undefined });
  });

  it(
    'signs in: refused like an unknown user when the password is wrong or the account is gone; an ADMIN_EMAILS address becomes admin ' +
      'once, when its address is verified',
    () => {
      given(registered)
        .when((state) => decideSignIn(state, 'u1', true, false))
        .then([]);
      // issue 27: not before the address is verified
      given(registered)
        .when((state) => decideSignIn(state, 'u1', true, true))
        .then([]);
      given(registered, { type: 'EmailVerified', data: { userId: 'u1', via: 'link' } })
        .when((state) => decideSignIn(state, 'u1', true, true))
        .then([{ type: 'RoleGranted', data: { userId: 'u1', role: 'admin' } }]);
      given(registered, { type: 'RoleGranted', data: { role: 'admin' } })
        .when((state) => decideSignIn(state, 'u1', true, true))
        .then([]);
      given(registered)
        .when((state) => decideSignIn(state, 'u1', false, true))
        .thenRefuses({ status: 401, message: 'Invalid username or password' });
      given(registered, { type: 'UserDeleted', data: { userId: 'u1' } })
        .when((state) => decideSignIn(state, 'u1', true, false))
        .thenRefuses({ status: 401, message: 'Invalid username or password' });
    },
  );

  it('an admin cannot revoke their own admin role on the admin screen; the command line (no acting user) can', () => {
    const admin = given(registered, { type: 'RoleGranted', data: { userId: 'u1', role: 'admin' } });
    admin.when((state) => decideRevokeRole(state, 'u1', 'admin', 'u1')).thenRefuses({ message: 'You cannot revoke your own admin role' });
    admin
      .when((state) => decideRevokeRole(state, 'u1', 'admin', 'u2'))
      .then([{ type: 'RoleRevoked', data: { userId: 'u1', role: 'admin' } }]);
    admin.when((state) => decideRevokeRole(state, 'u1', 'admin')).then([{ type: 'RoleRevoked', data: { userId: 'u1', role: 'admin' } }]);
  });

  it('releases only the keys the deleted user still holds', () => {
    expect(decideReleaseKey({ heldBy: 'u1' }, 'u1')).toEqual([{ type: 'KeyReleased', data: { userId: 'u1' } }]);
    expect(decideReleaseKey({ heldBy: 'u2' }, 'u1')).toEqual([]);
    expect(decideReleaseKey(initialKey, 'u1')).toEqual([]);
  });

  it("a Google profile opens the account holding its Google id, else the verified email's (to link), else a new one", () => {
    expect(googleAccount({ heldBy: 'u1' }, { heldBy: 'u2' }, true)).toEqual({ userId: 'u1', link: false });
    expect(googleAccount(initialKey, { heldBy: 'u2' }, true)).toEqual({ userId: 'u2', link: true });
    expect(googleAccount(initialKey, { heldBy: 'u2' }, false)).toBeNull();
    expect(googleAccount(initialKey, null, true)).toBeNull();
  });

  it('the signed-in user folded from the stream: the subscription payments records, the auth version sessions carry', () => {
    const account = [
      registered,
      { type: 'SubscriptionStatusChanged', data: { userId: 'u1', subscriptionStatus: 'active' } },
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } },
    ].reduce(evolveAccount, initialAccount);
    expect(account.user).toEqual(given(registered, { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } }).state);
    expect(authUserOf('u1', account)).toEqual({
      id: 'u1',
      tenantId: 1,
      username: 'Ann@x.io',
      email: 'Ann@x.io',
      firstName: '',
      lastName: '',
      roles: ['user'],
      subscriptionStatus: 'active',
      googleId: null,
      emailVerified: false,
      hasPassword: true,
    });
    expect(signedInAs('u1', account).authVersion).toBe(1);
    expect(authUserOf('u1', initialAccount).subscriptionStatus).toBe('free');
  });

  it('role decisions of the guard', () => {
    expect(effectiveRoles(['admin', 'bogus'])).toEqual(['user', 'admin']);
    expect(hasRequiredRole(['user'], [])).toBe(true);
    expect(hasRequiredRole(['user'], ['support'])).toBe(false);
    expect(hasRequiredRole(['user', 'support'], ['support', 'admin'])).toBe(true);
    expect(hasRequiredRole(['user', 'admin'], ['support'])).toBe(true);
    expect(isAdminEmail(' BOSS@x.io', ['boss@X.io'])).toBe(true);
    expect(isAdminEmail('boss@x.io', [])).toBe(false);
  });
});

describe('request bodies', () => {
  it("register: the spec's messages and payload", () => {
    expect(firstMessage(() => registerSchema.parse({ email: 'nope', password: 'secret1' }))).toBe('Invalid email address');
    expect(firstMessage(() => registerSchema.parse({}))).toBe('Invalid email address');
    expect(firstMessage(() => registerSchema.parse({ email: 'a@x.io', password: '12345' }))).toBe('Password must be at least 6 characters');
    expect(firstMessage(() => registerSchema.parse({ email: 'a@x.io', password: 'tide-pool-42', confirmPassword: 'tide-pool-43' }))).toBe(
      "Passwords don't match",
    );
    expect(registerSchema.parse({ email: ' a@x.io ', password: 'tide-pool-42', firstName: ' A ' })).toMatchObject({
      username: 'a@x.io',
      email: 'a@x.io',
      firstName: 'A',
      lastName: '',
    });
  });

  it("login: 'Username is required' before 'Password is required'; email accepted as the username", () => {
    expect(firstMessage(() => loginSchema.parse({}))).toBe('Username is required');
    expect(firstMessage(() => loginSchema.parse({ username: 'a' }))).toBe('Password is required');
    expect(firstMessage(() => loginSchema.parse({ username: 5, password: 'x' }))).toBe('Username is required');
    expect(loginSchema.parse({ email: ' a@x.io ', password: 'p' })).toEqual({ username: 'a@x.io', password: 'p' });
  });

  it("change password and update name: the spec's messages, names trimmed", () => {
    expect(firstMessage(() => changePasswordSchema.parse({ newPassword: 'tide-pool-42', confirmPassword: 'tide-pool-42' }))).toBe(
      'Current password is required',
    );
    expect(firstMessage(() => changePasswordSchema.parse({ currentPassword: 'x', newPassword: '1', confirmPassword: '1' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(() => changePasswordSchema.parse({ currentPassword: 'x', newPassword: 'tide-pool-42' }))).toBe(
      'Please confirm your new password',
    );
    expect(
      firstMessage(() =>
        changePasswordSchema.parse({ currentPassword: 'x', newPassword: 'tide-pool-42', confirmPassword: 'tide-pool-43' }),
      ),
    ).toBe("Passwords don't match");
    expect(updateNameSchema.parse({ firstName: '  Ada ', lastName: ' L ' })).toEqual({ firstName: 'Ada', lastName: 'L' });
  });

  it('refuses NUL, lone surrogates and control characters with a field message; passwords are kept as typed', () => {
    const fields = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return Object.fromEntries((error as ZodError).issues.map((issue) => [issue.path.join('.'), issue.message]));
      }
      return {};
    };
    expect(fields(() => registerSchema.parse({ email: 'a@x.io', password: 'secret1', firstName: 'A\u0000' }))).toEqual({
      firstName: 'First name contains characters that are not allowed',
    });
    expect(fields(() => registerSchema.parse({ email: 'a@x.io', password: 'secret1', lastName: 'B\uD800' }))).toEqual({
      lastName: 'Last name contains characters that are not allowed',
    });
    expect(fields(() => registerSchema.parse({ email: 'a@x.io', password: 'secret1', username: 'ann\u0007' }))).toEqual({
      username: 'Username contains characters that are not allowed',
    });
    expect(fields(() => registerSchema.parse({ email: 'a\u0000@x.io', password: 'secret1' }))).toEqual({
      email: 'Email contains characters that are not allowed',
    });
    expect(fields(() => registerSchema.parse({ email: 'a@x.io', password: 'secret\u0000' }))).toEqual({
      password: 'Password contains characters that are not allowed',
    });
    expect(fields(() => loginSchema.parse({ username: 'a@x.io', password: '\uDC00secret' }))).toEqual({
      password: 'Password contains characters that are not allowed',
    });
    expect(fields(() => updateNameSchema.parse({ firstName: 'Ada\u001b[31m' }))).toEqual({
      firstName: 'First name contains characters that are not allowed',
    });
    expect(
      fields(() =>
        changePasswordSchema.parse({ currentPassword: 'x\u0000', newPassword: 'tide-pool-42', confirmPassword: 'tide-pool-42' }),
      ),
    ).toEqual({ currentPassword: 'Current password contains characters that are not allowed' });
    // Passwords: not trimmed, other characters kept (a tab is a character someone may have chosen).
    expect(registerSchema.parse({ email: 'a@x.io', password: ' pass\tword ' }).password).toBe(' pass\tword ');
    // Display names: NFC, without bidi controls or zero-width characters.
    expect(updateNameSchema.parse({ firstName: 'Jose\u0301\u200B', lastName: '\u202EeviL' })).toEqual({
      firstName: 'Jos\u00e9',
      lastName: 'eviL',
    });
  });
});

describe('Origin check', () => {
  const host = 'qrsharks.test:3000';
  it('refuses unsafe methods naming a foreign origin; allows same host, PUBLIC_ORIGIN, safe methods and no origin', () => {
    expect(isCrossOriginRefused('POST', 'https://evil.example', host, 'https://qrsharks.example')).toBe(true);
    expect(isCrossOriginRefused('DELETE', 'null', host, 'https://qrsharks.example')).toBe(true);
    expect(isCrossOriginRefused('PUT', 'http://QRSHARKS.test:3000', host, 'https://qrsharks.example')).toBe(false);
    expect(isCrossOriginRefused('POST', 'https://qrsharks.example', 'internal:8080', 'https://qrsharks.example')).toBe(false);
    expect(isCrossOriginRefused('GET', 'https://evil.example', host, 'https://qrsharks.example')).toBe(false);
    expect(isCrossOriginRefused('POST', null, host, 'https://qrsharks.example')).toBe(false);
    expect(claimedOrigin(undefined, 'https://a.example/x?y')).toBe('https://a.example');
    expect(claimedOrigin(undefined, 'garbage')).toBe('null');
  });
});

describe('rate limits', () => {
  it('defaults, test-mode defaults and overrides', () => {
    expect(attemptLimits({ NODE_ENV: 'production', AUTH_RATE_LIMIT_WINDOW_SECONDS: 900 })).toEqual({
      perIp: 30,
      perUsername: 5,
      windowSeconds: 900,
    });
    expect(attemptLimits({ NODE_ENV: 'test', AUTH_RATE_LIMIT_WINDOW_SECONDS: 900 }).perIp).toBe(10_000);
    expect(attemptLimits({ NODE_ENV: 'test', AUTH_RATE_LIMIT_PER_USERNAME: 3, AUTH_RATE_LIMIT_WINDOW_SECONDS: 60 }).perUsername).toBe(3);
    expect(exceeded({ ip: 30, username: 10 }, { perIp: 30, perUsername: 10, windowSeconds: 1 })).toBe(false);
    expect(exceeded({ ip: 31, username: 1 }, { perIp: 30, perUsername: 10, windowSeconds: 1 })).toBe(true);
    expect(exceeded({ ip: 1, username: 11 }, { perIp: 30, perUsername: 10, windowSeconds: 1 })).toBe(true);
  });
});

describe('npm run admin', () => {
  it('parses grant/revoke, role, email and --tenant', () => {
    expect(parseAdminCommand(['grant', 'admin', 'you@example.com'])).toEqual({
      action: 'grant',
      role: 'admin',
      email: 'you@example.com',
      tenantId: 1,
    });
    expect(parseAdminCommand(['revoke', 'support', 'a@x.io', '--tenant', '2'])).toEqual({
      action: 'revoke',
      role: 'support',
      email: 'a@x.io',
      tenantId: 2,
    });
    expect(() => parseAdminCommand(['grant', 'owner', 'a@x.io'])).toThrow("Unknown role 'owner'");
    expect(() => parseAdminCommand(['promote', 'admin', 'a@x.io'])).toThrow('Usage');
    expect(() => parseAdminCommand(['grant', 'admin'])).toThrow('Usage');
  });
});
