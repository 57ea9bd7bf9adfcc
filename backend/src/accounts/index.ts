/**
 * The accounts feature's front door: its events, its query service and the auth contract every feature's routes use.
 * Other features import accounts only from here.
 */
export { Authenticated, CurrentUser } from './auth';
export { ROLES, type AuthUser, type Role } from './auth-user';
export { MaybeUser, OptionalUserGuard } from './optional-user.guard';
export { AccountsService } from './accounts.service';
export * from './user.events';
