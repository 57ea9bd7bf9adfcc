import { CallHandler, createParamDecorator, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ENV, Env } from '../config/env';
import { DomainError } from '../common/domain-error';

/** POST /api/batches as multipart: one CSV part `file` (at most BATCH_MAX_CSV_BYTES) and the `name` field. */
@Injectable()
export class CsvUploadInterceptor implements NestInterceptor {
  private readonly handler: ReturnType<ReturnType<typeof multer>['fields']>;
  private readonly max: number;

  constructor(@Inject(ENV) env: Env) {
    this.max = env.BATCH_MAX_CSV_BYTES;
    this.handler = multer({
      storage: multer.memoryStorage(),
      defParamCharset: 'utf8',
      limits: { fileSize: this.max + 1, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    }).fields([{ name: 'file', maxCount: 1 }]);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      this.handler(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) =>
        error ? reject(this.toRejection(error)) : resolve(),
      ),
    );
    return next.handle();
  }

  private toRejection(error: unknown): unknown {
    if (!(error instanceof multer.MulterError)) return error;
    if (error.code === 'LIMIT_FILE_SIZE') {
      const message = `The CSV file must be at most ${Math.round((this.max / 1024 / 1024) * 10) / 10} MB`;
      return new DomainError('too_large', message, { file: message });
    }
    return DomainError.invalid({ [error.field ?? 'file']: `Upload refused: ${error.message}` });
  }
}

/** The CSV part's text (UTF-8), or null when the request has none. */
export const CsvFileOf = createParamDecorator((_: unknown, context: ExecutionContext): string | null => {
  const files = context.switchToHttp().getRequest<Request & { files?: Record<string, { buffer: Buffer }[] | undefined> }>().files;
  const part = files && !Array.isArray(files) ? files.file?.[0] : undefined;
  return part ? part.buffer.toString('utf8') : null;
});
