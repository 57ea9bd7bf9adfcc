import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { ZodError } from 'zod';
import { CONCURRENT_CHANGE, DomainError } from '../common/domain-error';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../event-store/event-store';
import { zodErrors } from '../common/input';

export { zodErrors };

export const SERVICE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

/** busboy's words for a multipart body that is cut short or malformed: the client's fault. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Part terminated early|Unexpected end of multipart data)/;

export function domainErrorBody(error: DomainError) {
  return {
    statusCode: error.status,
    message: error.message,
    error: STATUS_CODES[error.status] ?? 'Error',
    code: error.code,
    ...(error.fields ? { errors: error.fields } : {}),
  };
}

/**
 * The one place errors become HTTP: DomainError (the write side's and the input schemas' one error type) with its
 * status, code and field messages; Nest's own HttpExceptions (guards); a store conflict that escaped a handler as 409;
 * body-parser and multer refusals as their 4xx; a database that cannot be used right now (restart, out of
 * connections) as 503. Anything else is ours: 500, logged.
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const send = (status: number, body: object) => res.status(status).json(body);
    if (exception instanceof DomainError) {
      // Ours and brief (a database restart, a full render queue): say when to try again.
      if (exception.code === 'unavailable') res.setHeader('Retry-After', '5');
      if (exception.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      return void send(exception.status, domainErrorBody(exception));
    }
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      return void send(exception.getStatus(), typeof body === 'string' ? { statusCode: exception.getStatus(), message: body } : body);
    }
    if (exception instanceof WrongExpectedVersionError || exception instanceof DuplicateEventIdError)
      return void send(409, domainErrorBody(new DomainError('conflict', CONCURRENT_CHANGE)));
    if (exception instanceof ZodError) return void send(400, domainErrorBody(DomainError.invalid(zodErrors(exception))));
    if (exception instanceof Error && MALFORMED_MULTIPART.test(exception.message))
      return void send(400, domainErrorBody(DomainError.invalid('The form upload is malformed or incomplete.')));
    if (exception instanceof Error && exception.name === 'MulterError')
      return void send(400, domainErrorBody(DomainError.invalid(exception.message)));
    const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // body-parser raises errors carrying a 4xx status (bad JSON, too large)
      return void send(status, { statusCode: status, message: (exception as Error).message, error: STATUS_CODES[status] });
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ msg: 'database unavailable; answered 503', error: (exception as Error).message });
      res.setHeader('Retry-After', '5');
      return void send(503, domainErrorBody(new DomainError('unavailable', SERVICE_UNAVAILABLE)));
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    send(500, { statusCode: 500, message: 'Internal server error' });
  }
}
