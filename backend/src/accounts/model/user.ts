import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import type { AuthUser, Role, SignedIn } from './auth-user';
import { KEY_EVENTS, USER_STREAM_EVENTS, type KeyEvent, type UserEvent } from './user.events';

/** The user aggregate: pure state and decisions, no I/O. Events other features append to user-{id} are ignored. */
export interface UserState {
  exists: boolean;
  deleted: boolean;
  tenantId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  googleId: string | null;
  roles: Role[];
  /**
   * Number of PasswordChanged and AccountDisabled: sessions carry it, so a password change or a disabled account ends
   * older sessions (the read model's auth_version).
   */
  authVersion: number;
  /** Disabled by an admin (AccountDisabled) until AccountEnabled: sign-in is refused. */
  disabled: boolean;
  /** Issue 27: the address is proven to be the holder's (EmailVerified). Accounts older than issue 27 start unverified. */
  emailVerified: boolean;
  /** The latest verification link's request (only its link verifies: a newer one supersedes the older). */
  verification: { requestId: string; expiresAt: string } | null;
  /** The request whose link verified the address: the same link again answers 'already been used'. */
  verifiedRequestId: string | null;
  /** When the recent resends were asked for (ISO, the last few; not the registration's link): resends are limited from these. */
  verificationRequestedAt: string[];
  /**
   * The latest PasswordResetRequested (a reset token must be its: password-reset.ts), and the request ids of earlier
   * ones it replaced (the last few), so their links answer 'replaced' rather than 'invalid'.
   */
  resetRequest: { requestId: string; authVersion: number; expiresAt: string } | null;
  replacedResets: string[];
}

export const initialUser: UserState = {
  exists: false,
  deleted: false,
  tenantId: 0,
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  passwordHash: null,
  googleId: null,
  roles: [],
  authVersion: 0,
  disabled: false,
  emailVerified: false,
  verification: null,
  verifiedRequestId: null,
  verificationRequestedAt: [],
  resetRequest: null,
  replacedResets: [],
};

/** How many recent verification requests the state keeps (the resend limits need no more). */
const KEPT_REQUESTS = 5;
/** A verification link works this long. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** How many replaced reset requests a user's state remembers (older ones answer 'invalid', still 400). */
const REPLACED_RESETS_KEPT = 20;

export function evolveUser(state: UserState, event: Evolvable): UserState {
  if (!USER_STREAM_EVENTS.has(event)) return state;
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      return {
        ...state,
        exists: true,
        tenantId: data.clientId,
        username: data.username,
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        passwordHash: data.passwordHash,
        verification: data.verification ?? null,
      };
    }
    case 'EmailVerificationRequested': {
      const { data } = event;
      return {
        ...state,
        verification: { requestId: data.requestId, expiresAt: data.expiresAt },
        verificationRequestedAt: [...state.verificationRequestedAt, data.requestedAt].slice(-KEPT_REQUESTS),
      };
    }
    case 'EmailVerified':
      return { ...state, emailVerified: true, verification: null, verifiedRequestId: event.data.requestId ?? null };
    case 'PasswordRemoved':
      return { ...state, passwordHash: null, authVersion: state.authVersion + 1 };
    case 'UserSignedInWithGoogle':
      return { ...state, googleId: event.data.googleId };
    case 'UserNameChanged': {
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName };
    }
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, authVersion: state.authVersion + 1 };
    case 'RoleGranted': {
      const { role } = event.data;
      return state.roles.includes(role) ? state : { ...state, roles: [...state.roles, role] };
    }
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
    case 'UserDeleted':
      return { ...state, deleted: true };
    case 'AccountDisabled':
      return { ...state, disabled: true, authVersion: state.authVersion + 1 };
    case 'AccountEnabled':
      return { ...state, disabled: false };
    case 'PasswordResetRequested': {
      const { requestId, authVersion, expiresAt } = event.data;
      const replaced = state.resetRequest ? [...state.replacedResets, state.resetRequest.requestId].slice(-REPLACED_RESETS_KEPT) : [];
      return { ...state, resetRequest: { requestId, authVersion, expiresAt }, replacedResets: replaced };
    }
    default:
      return state;
  }
}

/**
 * What the signed-in user looks like, folded from the same stream: the aggregate plus the one fact of another
 * feature the AuthUser shows (the subscription status payments records). Answers are built from it, so a command
 * answers the same user whether or not the `users` read model has caught up. Decisions see only `user`.
 */
export interface AccountState {
  user: UserState;
  subscriptionStatus: string;
}

export const initialAccount: AccountState = { user: initialUser, subscriptionStatus: 'free' };

export function evolveAccount(state: AccountState, event: Evolvable): AccountState {
  if (USER_STREAM_EVENTS.has(event) && event.type === 'SubscriptionStatusChanged')
    return { ...state, subscriptionStatus: event.data.subscriptionStatus };
  const user = evolveUser(state.user, event);
  return user === state.user ? state : { ...state, user };
}

export function authUserOf(userId: string, { user, subscriptionStatus }: AccountState): AuthUser {
  return {
    id: userId,
    tenantId: user.tenantId,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: effectiveRoles(user.roles),
    subscriptionStatus,
    googleId: user.googleId,
    emailVerified: user.emailVerified,
    hasPassword: user.passwordHash !== null,
  };
}

export function signedInAs(userId: string, account: AccountState): SignedIn {
  return { user: authUserOf(userId, account), authVersion: account.user.authVersion };
}

export const USERNAME_TAKEN = 'Username already exists';
export const GOOGLE_ID_TAKEN = 'This Google account is already linked';
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USER_NOT_FOUND = 'User not found';
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact support.';

/** Roles everyone has implicitly ('user') plus the granted ones, in a stable order. */
export function effectiveRoles(granted: readonly string[]): Role[] {
  const order: Role[] = ['user', 'support', 'admin'];
  return order.filter((role) => role === 'user' || granted.includes(role));
}

export function isAdminEmail(email: string, adminEmails: readonly string[]): boolean {
  const key = email.trim().toLowerCase();
  return adminEmails.some((candidate) => candidate.toLowerCase() === key);
}

export interface RegisterInput {
  userId: string;
  tenantId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  googleId?: string;
  /** Google vouched for the address (a sign-up through Google with a verified email): EmailVerified at once. */
  emailVerified?: boolean;
  /** The first verification link (mailed in the welcome mail) when the address is not verified yet. */
  verification?: { requestId: string; expiresAt: string };
  /** An ADMIN_EMAILS address: granted admin only once the address is verified (issue 27). */
  admin: boolean;
}

/** A new user-{id} stream (a fresh id, appended at 'no_stream'); the username is reserved beside it (decideReserveKey). */
export function decideRegister(input: RegisterInput): UserEvent[] {
  const events: UserEvent[] = [
    {
      type: 'UserRegistered',
      data: {
        userId: input.userId,
        clientId: input.tenantId,
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: input.passwordHash,
        ...(input.emailVerified || !input.verification ? {} : { verification: input.verification }),
      },
    },
  ];
  if (input.googleId)
    events.push({ type: 'UserSignedInWithGoogle', data: { userId: input.userId, googleId: input.googleId, email: input.email } });
  if (input.emailVerified) events.push({ type: 'EmailVerified', data: { userId: input.userId, via: 'google' } });
  if (input.admin && input.emailVerified) events.push({ type: 'RoleGranted', data: { userId: input.userId, role: 'admin' } });
  return events;
}

export function isActive(state: UserState): boolean {
  return state.exists && !state.deleted;
}

function assertActive(state: UserState): void {
  if (!isActive(state)) throw DomainError.notFound(USER_NOT_FOUND);
}

/**
 * Sign-in with a password (verified by the caller: argon2 is I/O-bound) or through Google: refused like an unknown
 * user when the account is gone or the password is wrong; an ADMIN_EMAILS address gains admin on the way in, once the
 * address is verified (issue 27: registering someone else's listed address must not make an admin).
 */
export function decideSignIn(state: UserState, userId: string, credentialsValid: boolean, adminListed: boolean): UserEvent[] {
  if (!isActive(state) || !credentialsValid) throw new DomainError('unauthenticated', INVALID_CREDENTIALS);
  // Said only to whoever knows the password: the account's state is nobody else's business.
  if (state.disabled) throw DomainError.forbidden(ACCOUNT_DISABLED);
  return adminListed && state.emailVerified ? decideGrantRole(state, userId, 'admin') : [];
}

export function decideChangeName(state: UserState, userId: string, firstName: string, lastName: string): UserEvent[] {
  assertActive(state);
  if (state.firstName === firstName && state.lastName === lastName) return [];
  return [{ type: 'UserNameChanged', data: { userId, firstName, lastName } }];
}

/** The current password was verified by the caller (argon2 is I/O-bound); this only records the change. */
export function decideChangePassword(state: UserState, userId: string, currentPasswordValid: boolean, newHash: string): UserEvent[] {
  assertActive(state);
  if (!currentPasswordValid) throw DomainError.invalid('Current password is incorrect', 'currentPassword');
  return [{ type: 'PasswordChanged', data: { userId, passwordHash: newHash } }];
}

export const DELETE_PASSWORD_REQUIRED = 'Please enter your password to delete your account';
export const DELETE_PASSWORD_WRONG = 'Password is incorrect';
export const DELETE_CONFIRMATION_REQUIRED = 'Please type your email address to confirm';
export const DELETE_CONFIRMATION_WRONG = 'The email address does not match your account';

/**
 * What the person deleting an account showed (issue 30 item 8): the password's check (argon2 runs in the handler),
 * or the typed confirmation. An account with a password needs the password; one without (Google sign-in only) needs
 * its own email address typed (case and surrounding spaces aside).
 */
export interface DeleteProof {
  password?: string;
  passwordValid: boolean;
  confirmation?: string;
}

export function decideDelete(state: UserState, userId: string, proof: DeleteProof): UserEvent[] {
  assertActive(state);
  if (state.passwordHash !== null) {
    if (proof.password === undefined) throw DomainError.invalid(DELETE_PASSWORD_REQUIRED, 'password');
    if (!proof.passwordValid) throw DomainError.invalid(DELETE_PASSWORD_WRONG, 'password');
  } else {
    const typed = proof.confirmation?.trim().toLowerCase() ?? '';
    if (!typed) throw DomainError.invalid(DELETE_CONFIRMATION_REQUIRED, 'confirmation');
    if (typed !== state.email.trim().toLowerCase()) throw DomainError.invalid(DELETE_CONFIRMATION_WRONG, 'confirmation');
  }
  return [{ type: 'UserDeleted', data: { userId } }];
}

export function decideGrantRole(state: UserState, userId: string, role: Role): UserEvent[] {
  assertActive(state);
  if (role === 'user' || state.roles.includes(role)) return [];
  return [{ type: 'RoleGranted', data: { userId, role } }];
}

/** `byUserId`: the admin revoking (the admin screen); an admin cannot take their own admin role away there. */
export function decideRevokeRole(state: UserState, userId: string, role: Role, byUserId?: string): UserEvent[] {
  assertActive(state);
  if (role === 'user') throw DomainError.invalid("The role 'user' cannot be revoked");
  if (role === 'admin' && byUserId === userId) throw DomainError.invalid('You cannot revoke your own admin role');
  if (!state.roles.includes(role)) return [];
  return [{ type: 'RoleRevoked', data: { userId, role } }];
}

/** `byUserId`: the admin; nobody disables their own account (so an admin never locks the last admin out by it). */
export function decideDisable(state: UserState, userId: string, reason: string, byUserId: string): UserEvent[] {
  assertActive(state);
  if (userId === byUserId) throw DomainError.invalid('You cannot disable your own account');
  return state.disabled ? [] : [{ type: 'AccountDisabled', data: { userId, reason } }];
}

export function decideEnable(state: UserState, userId: string): UserEvent[] {
  assertActive(state);
  return state.disabled ? [{ type: 'AccountEnabled', data: { userId } }] : [];
}

/** First Google sign-in links the account; a user already linked to another Google account is not relinked. */
export function decideLinkGoogle(state: UserState, userId: string, googleId: string, email: string): UserEvent[] {
  assertActive(state);
  if (state.googleId === googleId) return [];
  if (state.googleId) throw DomainError.conflict('This account is linked to another Google account');
  return [{ type: 'UserSignedInWithGoogle', data: { userId, googleId, email, linked: true } }];
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * A Google sign-in into an existing account (issue 27, pre-hijack). `link`: the account was found by its address and
 * gets the Google id now; otherwise it holds the Google id already. When Google vouches for the account's own address
 * and nobody had proven it before, the address becomes verified (EmailVerified) and the password, chosen by someone
 * who never proved they hold the address, is removed (PasswordRemoved: every other session ends with it). Linking an
 * account found by address requires that address to be the account's own: a username that merely equals the address
 * is not linked (USERNAME_TAKEN, as before).
 */
export function decideGoogleSignIn(
  state: UserState,
  userId: string,
  profile: { googleId: string; email: string | null; emailVerified: boolean },
  link: boolean,
): UserEvent[] {
  assertActive(state);
  const vouched = profile.emailVerified && sameAddress(profile.email, state.email);
  if (link && !vouched) throw DomainError.conflict(USERNAME_TAKEN);
  const proves = vouched && !state.emailVerified;
  const removes = proves && state.passwordHash !== null;
  const events: UserEvent[] = link ? decideLinkGoogle(state, userId, profile.googleId, profile.email ?? state.email) : [];
  if (removes && events[0]?.type === 'UserSignedInWithGoogle')
    events[0] = { ...events[0], data: { ...events[0].data, passwordRemoved: true } };
  if (proves) events.push({ type: 'EmailVerified', data: { userId, via: 'google' } });
  if (removes) events.push({ type: 'PasswordRemoved', data: { userId, reason: 'google-verified-address' } });
  return events;
}

/** Unique-key streams (username, googleId): held by a user until released. */
export interface KeyState {
  heldBy: string | null;
}
export const initialKey: KeyState = { heldBy: null };

export function evolveKey(state: KeyState, event: Evolvable): KeyState {
  if (!KEY_EVENTS.has(event)) return state;
  return event.type === 'KeyReserved' ? { heldBy: event.data.userId } : { heldBy: null };
}

export function decideReserveKey(state: KeyState, userId: string, takenMessage: string): KeyEvent[] {
  if (state.heldBy && state.heldBy !== userId) throw DomainError.conflict(takenMessage);
  return state.heldBy === userId ? [] : [{ type: 'KeyReserved', data: { userId } }];
}

/** Deleting an account releases its keys; a key someone else holds by now is left alone. */
export function decideReleaseKey(state: KeyState, userId: string): KeyEvent[] {
  return state.heldBy === userId ? [{ type: 'KeyReleased', data: { userId } }] : [];
}

/**
 * Whose account a Google profile opens: the user holding its Google id, else (only for an email Google verified)
 * the user holding that email as username, to be linked; null: a new account. Keys are read from the event store,
 * so this never depends on the read model having caught up.
 */
export function googleAccount(
  googleKey: KeyState,
  emailKey: KeyState | null,
  emailVerified: boolean,
): { userId: string; link: boolean } | null {
  if (googleKey.heldBy) return { userId: googleKey.heldBy, link: false };
  if (emailVerified && emailKey?.heldBy) return { userId: emailKey.heldBy, link: true };
  return null;
}

/** Role decision of the guard: no required roles means any signed-in user; admin passes every check. */
export function hasRequiredRole(userRoles: readonly Role[], required: readonly Role[]): boolean {
  if (required.length === 0) return true;
  return userRoles.includes('admin') || required.some((role) => userRoles.includes(role));
}
