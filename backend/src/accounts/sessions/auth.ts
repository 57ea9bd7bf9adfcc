import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser, Role } from '../model/auth-user';
import { REQUIRED_ROLES, SessionAuthGuard } from './session-auth.guard';

/**
 * THE AUTH CONTRACT other features code against. Keep these names stable.
 *   @Authenticated()          signed in (401 'Authentication required' otherwise)
 *   @Authenticated('admin')   signed in and holding one of the roles (403 otherwise)
 *   @CurrentUser() user: AuthUser
 * The types live in auth-user.ts (no imports) and are re-exported here for the callers that import them from auth.
 */
export { ROLES, type AuthUser, type Role } from '../model/auth-user';

/** Guard for a route or controller: 401 when signed out, 403 when none of `roles` is held (no roles: any signed-in user). */
export function Authenticated(...roles: Role[]): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(REQUIRED_ROLES, roles), UseGuards(SessionAuthGuard));
}

/** The AuthUser of the request; only meaningful on routes behind @Authenticated(). */
export const CurrentUser: () => ParameterDecorator = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  return context.switchToHttp().getRequest<Request & { authUser?: AuthUser }>().authUser as AuthUser;
});
