/**
 * The one error type of the write side and of input parsing. Decisions, handlers and input schemas throw it; the
 * errors filter (http/errors.filter.ts) is the only place that turns it into HTTP.
 *
 * `code` is stable and machine-readable (clients may branch on it); `message` is the spec's text shown to people;
 * `fields` carries one message per offending field (form errors), `message` is then the first of them.
 */
export type DomainErrorCode =
  | 'invalid' // 400: the input breaks a rule
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404 (also: exists but is not yours)
  | 'conflict' // 409: someone else wrote in between, or a unique name is taken
  | 'stale' // 412: If-Match names a version that is no longer current
  | 'too_large' // 413: an upload over its size limit
  | 'unsupported_media_type' // 415
  | 'too_many_requests' // 429
  | 'unavailable'; // 503: ours, not the caller's

const STATUS: Record<DomainErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stale: 412,
  too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
};

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly status: number;
  /** Set for a 429 that knows when its window ends: the errors filter answers it as Retry-After. */
  retryAfterSeconds?: number;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  /** 400 with one message per field; the first is the headline. */
  static invalid(fields: Record<string, string>): DomainError;
  static invalid(message: string, field?: string): DomainError;
  static invalid(messageOrFields: string | Record<string, string>, field?: string): DomainError {
    if (typeof messageOrFields !== 'string')
      return new DomainError('invalid', Object.values(messageOrFields)[0] ?? 'Invalid input', messageOrFields);
    return new DomainError('invalid', messageOrFields, field ? { [field]: messageOrFields } : undefined);
  }

  static notFound(message: string): DomainError {
    return new DomainError('not_found', message);
  }

  static forbidden(message: string): DomainError {
    return new DomainError('forbidden', message);
  }

  /** 429 with the seconds after which the limit lets the caller in again (the answer's Retry-After). */
  static tooManyRequests(message: string, retryAfterSeconds: number): DomainError {
    const error = new DomainError('too_many_requests', message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  static conflict(message: string, field?: string): DomainError {
    return new DomainError('conflict', message, field ? { [field]: message } : undefined);
  }
}

export const CONCURRENT_CHANGE = 'This item was changed by someone else at the same time. Reload and try again.';
