import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../command-pipeline/domain-error';

export const JSON_ONLY = 'This call takes a JSON body: send it with Content-Type: application/json.';
export const JSON_OR_FORM = 'This call takes a JSON body (Content-Type: application/json) or a form upload (multipart/form-data).';

/** The metadata key @ApiConsumes writes (@nestjs/swagger's API_CONSUMES, not exported from its root). */
const API_CONSUMES = 'swagger/apiConsumes';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTS_FORM = 'qrs:acceptsUrlencodedForm';

/**
 * A route that also takes `application/x-www-form-urlencoded`: only RFC 8058's one-click unsubscribe, whose POST a mail
 * client sends as a form (`List-Unsubscribe=One-Click`). The route reads nothing but that field and its query's token.
 */
export const AcceptsUrlencodedForm = () => SetMetadata(ACCEPTS_FORM, true);

/**
 * Every API route reads JSON; a body of another type would be left unparsed, and the route would run on an empty body
 * (a text/plain PUT /api/update-name blanked the name). So a request that carries a body (Content-Length above 0 or
 * chunked) must say application/json, or multipart/form-data on the routes documented with @ApiConsumes of it (the
 * upload and dynamic-code routes); anything else is 415 before any guard, pipe or handler reads it. A global guard.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!BODY_METHODS.has(req.method) || !hasBody(req)) return true;
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'application/json') return true;
    if (type === 'application/x-www-form-urlencoded' && this.reflector.get<boolean>(ACCEPTS_FORM, context.getHandler())) return true;
    const consumes = this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [context.getHandler(), context.getClass()]) ?? [];
    const multipart = consumes.includes('multipart/form-data');
    if (multipart && type === 'multipart/form-data') return true;
    throw new DomainError('unsupported_media_type', multipart ? JSON_OR_FORM : JSON_ONLY);
  }
}

function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isNaN(length) || length > 0;
}
