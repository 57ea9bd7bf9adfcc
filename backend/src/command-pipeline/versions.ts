import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import { DomainError } from '../common/domain-error';

/**
 * Versions as HTTP says them (RFC 9110): an answer about an aggregate carries `ETag: "<stream revision>"`; a write
 * that sends it back in `If-Match` is refused with 412 when the stream has moved on. The body's `expectedVersion`
 * (the older way, kept) is refused with 409.
 */
const ETAG = /^"(\d{1,12})"$/;
/** Clients that sent the bare number before ETags existed. */
const BARE = /^(\d{1,12})$/;

export interface ExpectedVersion {
  version: bigint;
  source: 'if-match' | 'body';
}

/** `If-Match: "3"` (or bare 3); `*` and an absent header set no precondition. A weak tag never matches (strong comparison). */
export function ifMatchVersion(header: string | undefined): ExpectedVersion | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '' || value === '*') return undefined;
  const tags = value.split(',').map((tag) => tag.trim());
  if (tags.length !== 1) throw DomainError.invalid('If-Match must name one version of the code, as its ETag', 'If-Match');
  const match = ETAG.exec(tags[0]) ?? BARE.exec(tags[0]);
  if (!match) throw DomainError.invalid('If-Match must name one version of the code, as its ETag', 'If-Match');
  return { version: BigInt(match[1]), source: 'if-match' };
}

export function bodyVersion(value: unknown): ExpectedVersion | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!BARE.test(String(value))) throw DomainError.invalid('expectedVersion must be the version number of the code', 'expectedVersion');
  return { version: BigInt(String(value)), source: 'body' };
}

/** The header wins over the body when both are sent. */
export const expectedVersion = (ifMatch: string | undefined, body: unknown): ExpectedVersion | undefined =>
  ifMatchVersion(ifMatch) ?? bodyVersion(body);

@Injectable()
class VersionETagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((body: unknown) => {
        const version = (body as { version?: unknown } | null)?.version;
        if (!res.headersSent && typeof version === 'number' && Number.isInteger(version)) res.setHeader('ETag', `"${version}"`);
        return body;
      }),
    );
  }
}

/** On routes that answer one aggregate with its `version`: sets its ETag and documents If-Match. */
export function VersionETag(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseInterceptors(VersionETagInterceptor),
    ApiHeader({
      name: 'If-Match',
      required: false,
      description: 'The ETag of the version this write is based on ("3"); a stale one is refused with 412',
    }),
    ApiResponse({ status: 412, description: 'If-Match names a version that is no longer current' }),
  );
}
