import type { RecordedEvent } from '../event-store/event-store';
import { Role } from './auth';
import type { KeyEvent, RoleGranted, UserEvent, UserNameChanged, UserRegistered, UserSignedInWithGoogle } from './user.events';

/** The user aggregate: pure state and decisions, no I/O. Unknown event types on the stream are ignored. */
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
}

export const initialUser: UserState = { exists: false, deleted: false, tenantId: 0, username: '', email: '', firstName: '', lastName: '', passwordHash: null, googleId: null, roles: [] };

type AnyEvent = RecordedEvent | UserEvent | { type: string; data: unknown };

export function evolveUser(state: UserState, event: AnyEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const data = event.data as UserRegistered;
      return { ...state, exists: true, tenantId: data.clientId, username: data.username, email: data.email, firstName: data.firstName, lastName: data.lastName, passwordHash: data.passwordHash };
    }
    case 'UserSignedInWithGoogle':
      return { ...state, googleId: (event.data as UserSignedInWithGoogle).googleId };
    case 'UserNameChanged': {
      const data = event.data as UserNameChanged;
      return { ...state, firstName: data.firstName, lastName: data.lastName };
    }
    case 'PasswordChanged':
      return { ...state, passwordHash: (event.data as { passwordHash: string }).passwordHash };
    case 'RoleGranted': {
      const role = (event.data as RoleGranted).role;
      return state.roles.includes(role) ? state : { ...state, roles: [...state.roles, role] };
    }
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((role) => role !== (event.data as RoleGranted).role) };
    case 'UserDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export class AccountError extends Error {
  constructor(message: string, readonly status: 400 | 401 | 403 | 404 | 409 | 429) {
    super(message);
  }
}

export const USERNAME_TAKEN = 'Username already exists';

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
  admin: boolean;
}

export function decideRegister(input: RegisterInput): UserEvent[] {
  const events: UserEvent[] = [
    { type: 'UserRegistered', data: { userId: input.userId, clientId: input.tenantId, username: input.username, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash: input.passwordHash } },
  ];
  if (input.googleId) events.push({ type: 'UserSignedInWithGoogle', data: { userId: input.userId, googleId: input.googleId, email: input.email } });
  if (input.admin) events.push({ type: 'RoleGranted', data: { userId: input.userId, role: 'admin' } });
  return events;
}

function assertActive(state: UserState): void {
  if (!state.exists || state.deleted) throw new AccountError('User not found', 404);
}

export function decideChangeName(state: UserState, userId: string, firstName: string, lastName: string): UserEvent[] {
  assertActive(state);
  if (state.firstName === firstName && state.lastName === lastName) return [];
  return [{ type: 'UserNameChanged', data: { userId, firstName, lastName } }];
}

/** The current password was verified by the caller (argon2 is I/O-bound); this only records the change. */
export function decideChangePassword(state: UserState, userId: string, currentPasswordValid: boolean, newHash: string): UserEvent[] {
  assertActive(state);
  if (!currentPasswordValid) throw new AccountError('Current password is incorrect', 400);
  return [{ type: 'PasswordChanged', data: { userId, passwordHash: newHash } }];
}

export function decideDelete(state: UserState, userId: string): UserEvent[] {
  assertActive(state);
  return [{ type: 'UserDeleted', data: { userId } }];
}

export function decideGrantRole(state: UserState, userId: string, role: Role): UserEvent[] {
  assertActive(state);
  if (role === 'user' || state.roles.includes(role)) return [];
  return [{ type: 'RoleGranted', data: { userId, role } }];
}

export function decideRevokeRole(state: UserState, userId: string, role: Role): UserEvent[] {
  assertActive(state);
  if (role === 'user') throw new AccountError("The role 'user' cannot be revoked", 400);
  if (!state.roles.includes(role)) return [];
  return [{ type: 'RoleRevoked', data: { userId, role } }];
}

/** First Google sign-in links the account; a user already linked to another Google account is not relinked. */
export function decideLinkGoogle(state: UserState, userId: string, googleId: string, email: string): UserEvent[] {
  assertActive(state);
  if (state.googleId === googleId) return [];
  if (state.googleId) throw new AccountError('This account is linked to another Google account', 409);
  return [{ type: 'UserSignedInWithGoogle', data: { userId, googleId, email } }];
}

/** Unique-key streams (username, googleId): held by a user until released. */
export interface KeyState {
  heldBy: string | null;
}
export const initialKey: KeyState = { heldBy: null };

export function evolveKey(state: KeyState, event: KeyEvent | { type: string; data: unknown }): KeyState {
  if (event.type === 'KeyReserved') return { heldBy: (event.data as { userId: string }).userId };
  if (event.type === 'KeyReleased') return { heldBy: null };
  return state;
}

export function decideReserveKey(state: KeyState, userId: string, takenMessage: string): KeyEvent[] {
  if (state.heldBy && state.heldBy !== userId) throw new AccountError(takenMessage, 409);
  return state.heldBy === userId ? [] : [{ type: 'KeyReserved', data: { userId } }];
}

/** Role decision of the guard: no required roles means any signed-in user; admin passes every check. */
export function hasRequiredRole(userRoles: readonly Role[], required: readonly Role[]): boolean {
  if (required.length === 0) return true;
  return userRoles.includes('admin') || required.some((role) => userRoles.includes(role));
}
