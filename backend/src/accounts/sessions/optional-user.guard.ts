import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../../common/request-context';
import { AccountsService } from '../model/accounts.service';
import type { AuthUser } from '../model/auth-user';

/** For routes open to everyone that behave differently for a signed-in user (generate, track): sets req.authUser if any. */
@Injectable()
export class OptionalUserGuard implements CanActivate {
  constructor(private readonly accounts: AccountsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { authUser?: AuthUser | null }>();
    req.authUser = await this.accounts.authenticate(req);
    const current = requestContext.current();
    if (current && req.authUser) current.actorId = req.authUser.id;
    return true;
  }
}

/** The signed-in user on a route behind OptionalUserGuard, or null. */
export const MaybeUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | null =>
    context.switchToHttp().getRequest<Request & { authUser?: AuthUser | null }>().authUser ?? null,
);
