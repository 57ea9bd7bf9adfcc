import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccountsService } from '../accounts/accounts.service';
import type { AuthUser } from '../accounts/auth';
import { requestContext } from '../common/request-context';
import type { RequestInfo } from './codes.service';

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

export const MaybeUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | null => context.switchToHttp().getRequest<Request & { authUser?: AuthUser | null }>().authUser ?? null);

/** The request's tenant (set by the tenant middleware from the Host). */
export const Tenant = createParamDecorator((_data: unknown, context: ExecutionContext): number => (context.switchToHttp().getRequest<Request & { tenantId?: number }>().tenantId ?? 1));

export const ClientInfo = createParamDecorator((_data: unknown, context: ExecutionContext): RequestInfo => {
  const req = context.switchToHttp().getRequest<Request>();
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
  return { ip: req.ip ?? null, userAgent: header('user-agent'), referrer: header('referer') };
});

export const Host = createParamDecorator((_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().headers.host ?? '');
