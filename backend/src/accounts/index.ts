/**
 * The accounts feature's front door: its events, its query service and the auth contract every feature's routes use.
 * Other features import accounts only from here.
 */
export { Authenticated, CurrentUser } from './sessions/auth';
export { ROLES, type AuthUser, type Role } from './model/auth-user';
export { MaybeUser, OptionalUserGuard } from './sessions/optional-user.guard';
/** Bearer calls (issue 34): the api-keys feature checks the key and names its owner; accounts then answers only that owner. */
export { actAsKeyOwner, bearerToken } from './sessions/bearer';
export { AUTH_REQUIRED, KEYS_NOT_FOR_STAFF } from './sessions/session-auth.guard';
/** Who may do what in the staff console, stated once: every console route (staff, campaigns, mail, operations) names one. */
export { permissionsOf, STAFF_ACTIONS, tenantScope, type StaffAction } from './roles/staff-roles';
export { AccountsService, type AccountExport } from './model/accounts.service';
/** Per-IP limits of public forms that mail (the newsletter sign-up) use the sign-in limiter (`hitIp`). */
export { RateLimiter } from './sessions/rate-limiter';
export * from './model/user.events';
/** The password-reset link's token: the mail feature signs the link from PasswordResetRequested. */
export { signResetToken, type ResetTokenClaims } from './password-reset/password-reset-token';
/** The verification link's token (issue 27): the mail feature signs the welcome and email-verification mails' links. */
export { signVerificationToken, type VerificationTokenClaims } from './email-verification/email-verification-token';
/** The staff console's account commands (roles, disabling): the console's routes live in the staff feature. */
export { GrantRoleCommand, type RoleChange } from './roles/grant-role.command';
export { RevokeRoleCommand } from './roles/revoke-role.command';
export { DisableAccountCommand, EnableAccountCommand, type AccountStatus } from './roles/disable-account.command';
export { ACCOUNT_DISABLED, USER_NOT_FOUND } from './model/user';
/** What the console's account actions answer (the user; with isDisabled for disable and enable), for its routes' docs. */
export { accountStatusAnswer, userAnswer, type AccountStatusAnswer, type UserAnswer } from './accounts.answers';
export { ACCOUNT_CONTENT, USERS_PROJECTION } from './model/users.projection';
export { usersSql } from './model/users-sql';
