import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ZodError } from 'zod';
import { DuplicateEventIdError, WrongExpectedVersionError } from '../event-store/event-store';

/** Errors of the domain and of input parsing become 4xx with a clear message; nothing a user sends is a 500. */
export class ValidationFailed extends HttpException {
  constructor(readonly errors: Record<string, string>) {
    super({ statusCode: 400, message: Object.values(errors)[0] ?? 'Invalid input', errors, error: 'Bad Request' }, 400);
  }
}

export function zodErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

const CLIENT_ERROR_NAMES: Record<string, number> = { QrEncodeError: 400, LowContrastError: 400, QrStyleError: 400, UploadRejected: 400, MulterError: 400 };
/** busboy's words for a multipart body that is cut short or malformed: the client's fault. */
const MALFORMED_MULTIPART = /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Part terminated early|Unexpected end of multipart data)/;

@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      res.status(exception.getStatus()).json(typeof body === 'string' ? { statusCode: exception.getStatus(), message: body } : body);
      return;
    }
    if (exception instanceof WrongExpectedVersionError || exception instanceof DuplicateEventIdError) {
      res.status(409).json({ statusCode: 409, message: 'This item was changed by someone else at the same time. Reload and try again.', error: 'Conflict' });
      return;
    }
    if (exception instanceof ZodError) {
      res.status(400).json(new ValidationFailed(zodErrors(exception)).getResponse());
      return;
    }
    if (exception instanceof Error && MALFORMED_MULTIPART.test(exception.message)) {
      res.status(400).json({ statusCode: 400, message: 'The form upload is malformed or incomplete.', error: 'Bad Request' });
      return;
    }
    const name = (exception as Error | undefined)?.name ?? '';
    if (CLIENT_ERROR_NAMES[name]) {
      res.status(CLIENT_ERROR_NAMES[name]).json({ statusCode: CLIENT_ERROR_NAMES[name], message: (exception as Error).message, error: 'Bad Request' });
      return;
    }
    const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // body-parser and multer raise errors carrying a 4xx status (bad JSON, too large)
      res.status(status).json({ statusCode: status, message: (exception as Error).message, error: HttpStatus[status] });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    res.status(500).json({ statusCode: 500, message: 'Internal server error' });
  }
}
