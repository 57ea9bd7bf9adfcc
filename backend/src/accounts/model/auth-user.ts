/**
 * The signed-in user as every feature sees it, and the roles. Its own file, importing nothing from the feature, so
 * that the aggregate, the events and the guard can all name these types without importing each other in a circle.
 */
export type Role = 'user' | 'support' | 'admin';

export const ROLES: readonly Role[] = ['user', 'support', 'admin'];

export interface AuthUser {
  id: string;
  tenantId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Always contains 'user'; plus any granted role. */
  roles: Role[];
  subscriptionStatus: string;
  googleId: string | null;
  /** Issue 27: the address is proven (a mailed link, Google, or a password-reset link); the site shows a banner until it is. */
  emailVerified: boolean;
  /** Issue 30 item 8: the account has a password (deleting it asks for it); false for Google sign-in only. */
  hasPassword: boolean;
}

/**
 * What a sign-in command (register, log in, Google, change password) answers: the user, and the auth version the
 * session must carry. Built from the user's stream, so it does not depend on the `users` read model having caught up.
 */
export interface SignedIn {
  user: AuthUser;
  authVersion: number;
  /** The sign-in ended every other session of the user (Google proved the address and removed the password: issue 27). */
  endsOtherSessions?: boolean;
}
