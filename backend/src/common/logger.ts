import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { requestContext } from './request-context';

/** Structured JSON logs; every line inside a request carries its request id (the events' correlationId). */
export function createRootLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'qrsharks' },
    mixin: () => {
      const context = requestContext.current();
      return context ? { requestId: context.requestId, tenantId: context.tenantId } : {};
    },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'], remove: true },
  });
}

export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, context?: string, extra?: unknown) {
    if (typeof message === 'object' && message !== null) this.logger[level]({ context, ...(message as object) });
    else this.logger[level]({ context, ...(extra ? { detail: extra } : {}) }, String(message));
  }

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }
}
