import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** What a tracked request says about its sender (the IP is hashed before it is stored, never kept). */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  referrer: string | null;
}

/** The request's tenant (set by the tenant middleware from the Host). */
export const Tenant = createParamDecorator(
  (_data: unknown, context: ExecutionContext): number => context.switchToHttp().getRequest<Request & { tenantId?: number }>().tenantId ?? 1,
);

export const ClientInfo = createParamDecorator((_data: unknown, context: ExecutionContext): RequestInfo => {
  const req = context.switchToHttp().getRequest<Request>();
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
  return { ip: req.ip ?? null, userAgent: header('user-agent'), referrer: header('referer') };
});

/** The client's IP as Express's trust-proxy setting resolves it. */
export const ClientIp = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().ip ?? 'unknown',
);

export const Host = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().headers.host ?? '',
);
