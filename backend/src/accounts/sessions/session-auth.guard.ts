import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../../common/domain-error';
import { requestContext } from '../../common/request-context';
import { AccountsService } from '../model/accounts.service';
import type { AuthUser, Role } from '../model/auth-user';
import { hasRequiredRole } from '../model/user';
import { keyUserOf } from './bearer';

export const REQUIRED_ROLES = 'accounts:roles';
export const AUTH_REQUIRED = 'Authentication required';
export const ROLE_REQUIRED = 'You do not have permission to do this';
/** A staff route (one that names a role) called with an API key: keys act as their owner, never as staff (issue 34). */
export const KEYS_NOT_FOR_STAFF = 'API keys cannot be used on this route';

/** The guard behind @Authenticated(): the session's user, re-read from the users table on every request. */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accounts: AccountsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { authUser?: AuthUser }>();
    const user = await this.accounts.authenticate(req);
    if (!user) throw new DomainError('unauthenticated', AUTH_REQUIRED);
    req.authUser = user;
    const current = requestContext.current();
    if (current) current.actorId = user.id;
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, [context.getHandler(), context.getClass()]) ?? [];
    if (required.length > 0 && keyUserOf(req)) throw DomainError.forbidden(KEYS_NOT_FOR_STAFF);
    if (!hasRequiredRole(user.roles, required)) throw DomainError.forbidden(ROLE_REQUIRED);
    return true;
  }
}
