import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from './domain-error';

export const JSON_ONLY = 'This call takes a JSON body: send it with Content-Type: application/json.';
export const JSON_OR_FORM = 'This call takes a JSON body (Content-Type: application/json) or a form upload (multipart/form-data).';

/** The metadata key @ApiConsumes writes (@nestjs/swagger's API_CONSUMES, not exported from its root). */
const API_CONSUMES = 'swagger/apiConsumes';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Every API route reads JSON; a body of another type would be left unparsed, and the route would run on an empty body
 * (a text/plain PUT /api/update-name blanked the name). So a request that carries a body (Content-Length above 0 or
 * chunked) must say application/json, or multipart/form-data on the routes documented with @ApiConsumes of it (the
 * upload and dynamic-code routes; application/x-www-form-urlencoded on a route documented with it: the newsletter's
 * one-click unsubscribe); anything else is 415 before any guard, pipe or handler reads it. A global guard.
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
    const consumes = this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [context.getHandler(), context.getClass()]) ?? [];
    // RFC 8058's one-click unsubscribe is a form POST from mail clients: the one route documented with this type.
    if (type === 'application/x-www-form-urlencoded' && consumes.includes(type)) return true;
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
