import { eventCatalogue, type EventOf } from '../../event-store/typed-events';
import { personalData } from '../../event-store/personal-data/personal-data-registry';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import type { Role } from './auth-user';

/**
 * Stream `user-{id}`: who appends what.
 *   accounts (this feature): UserRegistered, UserSignedInWithGoogle, UserNameChanged, PasswordChanged, RoleGranted,
 *     RoleRevoked, UserDeleted, AccountDisabled, AccountEnabled, EmailVerificationRequested, EmailVerified,
 *     PasswordRemoved (issue 27: verified addresses before linking).
 *   codes: TrialActivated (its type is declared here, accounts owns it because the users read model shows it), and
 *     its own DynamicQrSlotTaken / DynamicQrSlotReleased (declared in codes; accounts ignores them).
 *   payments: SubscriptionStatusChanged (declared here for the same reason as TrialActivated).
 * The user aggregate (evolveUser in user.ts) folds only the accounts events and ignores the others; every writer
 * appends at the revision it loaded, so two features writing at once meet a conflict instead of overwriting.
 */
export interface UserRegistered {
  userId: string;
  clientId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** argon2id; null for accounts created through Google. */
  passwordHash: string | null;
  /**
   * The address's first verification link (issue 27), mailed inside the welcome mail: a registration with a password
   * asks for it in the same event (one mail at sign-up). Absent on Google sign-ups (EmailVerified follows instead when
   * Google verified the address) and on events older than issue 27.
   */
  verification?: VerificationRequest;
}

/** A verification link's request: the link is signed from these fields (email-verification-token.ts), never stored. */
export interface VerificationRequest {
  requestId: string;
  expiresAt: string;
}

/** First link of a Google account to the user (on sign-up through Google or on the first Google sign-in of an email account). */
export interface UserSignedInWithGoogle {
  userId: string;
  googleId: string;
  email: string;
  /**
   * Issue 27: true when an existing account was linked (not a sign-up through Google): the account is mailed that a
   * sign-in method was added, unless `passwordRemoved` (the same append removed an unproven password: PasswordRemoved
   * mails about both).
   */
  linked?: boolean;
  passwordRemoved?: boolean;
}

/**
 * Resend of the verification link (POST /api/resend-verification). No address inside: the mail goes to the account
 * (`user:{id}`), and the link is signed from these fields. A newer request supersedes the older links.
 */
export interface EmailVerificationRequested extends VerificationRequest {
  userId: string;
  requestedAt: string;
}

/**
 * The account's address is proven to be its holder's: by the mailed link (`link`, naming its request), by Google
 * vouching for it at sign-in (`google`), or by a password-reset link, which went to the address too (`password-reset`).
 */
export interface EmailVerified {
  userId: string;
  via: 'link' | 'google' | 'password-reset';
  requestId?: string;
}

/**
 * Google proved the address of an account whose address nobody had proven (issue 27, pre-hijack): the password set at
 * registration is removed, since whoever chose it never showed they hold the address. Moves the auth version like a
 * password change, so every other session ends; the holder sets a new password through 'Forgot my password'.
 */
export interface PasswordRemoved {
  userId: string;
  reason: 'google-verified-address';
}

export interface UserNameChanged {
  userId: string;
  firstName: string;
  lastName: string;
}

export interface PasswordChanged {
  userId: string;
  passwordHash: string;
  /** True when set through a password-reset link (POST /api/reset-password) rather than the change-password dialog. */
  reset?: boolean;
  /** True when the account had no password before (a Google-only account setting one): a sign-in method added. */
  added?: boolean;
}

/**
 * 'Forgot my password' for an existing address (POST /api/forgot-password). The mail feature mails the link; the link's
 * token is signed from these fields (password-reset-token.ts), so the event holds no secret. It stops working after
 * `expiresAt` or once the password changes (`authVersion` is the user's at the time of the request).
 */
export interface PasswordResetRequested {
  userId: string;
  email: string;
  requestId: string;
  authVersion: number;
  expiresAt: string;
}

export interface RoleGranted {
  userId: string;
  role: Role;
}

export type RoleRevoked = RoleGranted;

export interface UserDeleted {
  userId: string;
}

/**
 * An admin disabled the account (staff console): every session ends at once (the auth version moves, like a password
 * change), sign-in is refused with ACCOUNT_DISABLED; the user's codes keep working unless suspended one by one.
 */
export interface AccountDisabled {
  userId: string;
  reason: string;
}

export interface AccountEnabled {
  userId: string;
}

/** Appended by the codes feature (trial activation); the users read model shows it. */
export interface TrialActivated {
  userId: string;
  trialStartDate: string;
  trialEndDate: string;
}

/**
 * Appended by payments (Stripe's subscription webhooks, account deletion); the users read model and the signed-in user
 * show it. subscriptionStatus is Stripe's status of the subscription as retrieved when the webhook was handled
 * ('active', 'trialing', 'past_due', 'canceled', ...; 'free' before any). The optional fields came with payments
 * (issue 20); events without them mean the same as before.
 */
export interface SubscriptionStatusChanged {
  userId: string;
  subscriptionStatus: string;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  /** event.created (unix seconds) of the Stripe event that caused it: an older event for the subscription changes nothing. */
  stripeEventCreated?: number;
  /** End of the paid period (ISO), when Stripe gave one. */
  currentPeriodEnd?: string | null;
}

/** The accounts feature's own events on `user-{id}`, by type. */
export interface UserEvents {
  UserRegistered: UserRegistered;
  UserSignedInWithGoogle: UserSignedInWithGoogle;
  UserNameChanged: UserNameChanged;
  PasswordChanged: PasswordChanged;
  PasswordResetRequested: PasswordResetRequested;
  RoleGranted: RoleGranted;
  RoleRevoked: RoleRevoked;
  UserDeleted: UserDeleted;
  AccountDisabled: AccountDisabled;
  AccountEnabled: AccountEnabled;
  EmailVerificationRequested: EmailVerificationRequested;
  EmailVerified: EmailVerified;
  PasswordRemoved: PasswordRemoved;
}

/**
 * Every user-stream event accounts declares: its own, and the plan's events codes and payments append (the users read
 * model shows them).
 */
export interface UserStreamEvents extends UserEvents {
  TrialActivated: TrialActivated;
  SubscriptionStatusChanged: SubscriptionStatusChanged;
}

export type UserEvent = EventOf<UserEvents>;

export const USER_STREAM_EVENTS = eventCatalogue<UserStreamEvents>({
  UserRegistered: true,
  UserSignedInWithGoogle: true,
  UserNameChanged: true,
  PasswordChanged: true,
  PasswordResetRequested: true,
  RoleGranted: true,
  RoleRevoked: true,
  UserDeleted: true,
  AccountDisabled: true,
  AccountEnabled: true,
  EmailVerificationRequested: true,
  EmailVerified: true,
  PasswordRemoved: true,
  TrialActivated: true,
  SubscriptionStatusChanged: true,
});
export const USER_EVENT_TYPES = USER_STREAM_EVENTS.types;

/**
 * Unique keys are reserved by appending to a stream named after the key with expectedRevision 'no_stream'
 * (or the revision of its last release), in the same transaction as the user's own event: the event store
 * decides races, not the read model.
 */
export interface KeyReserved {
  userId: string;
}
export type KeyReleased = KeyReserved;
export interface KeyEvents {
  KeyReserved: KeyReserved;
  KeyReleased: KeyReleased;
}
export type KeyEvent = EventOf<KeyEvents>;
export const KEY_EVENTS = eventCatalogue<KeyEvents>({ KeyReserved: true, KeyReleased: true });

export const userStream = (userId: string) => `user-${userId}`;
export const usernameKey = (username: string) => username.trim().toLowerCase();

/**
 * A key's reservation stream and the name it had before issue 32 named it by a salted hash (StreamNames): new events go
 * to `stream` only; `legacy` (which spells the username or Google id out) is read as its start until
 * `npm run personal-data -- seal-legacy` renames it into `stream` (key-streams.ts, rename-legacy-streams.ts).
 */
export interface KeyStreamNames {
  stream: string;
  legacy: string;
}
export const legacyUsernameStream = (tenantId: number, username: string) => `username-${tenantId}-${usernameKey(username)}`;
export const legacyGoogleIdStream = (tenantId: number, googleId: string) => `google-${tenantId}-${googleId}`;
export const usernameStreams = (names: StreamNames, tenantId: number, username: string): KeyStreamNames => ({
  stream: names.hashed('username', tenantId, usernameKey(username)),
  legacy: legacyUsernameStream(tenantId, username),
});
export const googleIdStreams = (names: StreamNames, tenantId: number, googleId: string): KeyStreamNames => ({
  stream: names.hashed('google', tenantId, googleId),
  legacy: legacyGoogleIdStream(tenantId, googleId),
});

/**
 * Personal data (issue 32 item 1, docs/events.md "Personal data"): sealed with the user's key, `user:{userId}`. The
 * account's deletion erases it; the fields then read as below, what a rebuild after the erasure writes.
 */
export const DELETED_USER = { username: 'Deleted user', email: '[erased]', firstName: 'Deleted', lastName: 'user' } as const;
const userSubject = (data: { userId: string }) => `user:${data.userId}`;
personalData
  .register<UserRegistered>('UserRegistered', { subject: userSubject, fields: DELETED_USER })
  // googleId: Google's id of the person's account (it names them at Google); null once erased, as users.google_id then.
  .register<UserSignedInWithGoogle>('UserSignedInWithGoogle', {
    subject: userSubject,
    fields: { email: DELETED_USER.email, googleId: null },
  })
  .register<UserNameChanged>('UserNameChanged', {
    subject: userSubject,
    fields: { firstName: DELETED_USER.firstName, lastName: DELETED_USER.lastName },
  })
  .register<PasswordResetRequested>('PasswordResetRequested', { subject: userSubject, fields: { email: DELETED_USER.email } })
  // An account deleted before its deletion recorded PersonalDataErased: its events are sealed erased (seal-legacy-events.ts).
  .registerErasure<UserDeleted>('UserDeleted', userSubject);
