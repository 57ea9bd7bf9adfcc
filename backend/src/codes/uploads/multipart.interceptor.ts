import { CallHandler, ExecutionContext, Inject, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { DomainError } from '../../common/domain-error';
import { ENV, Env } from '../../config/env';

const KIND_OF_FIELD: Record<string, string> = { pdfFile: 'PDF', imageFile: 'image', logoFile: 'logo' };

/**
 * Parses multipart bodies (JSON bodies pass through untouched) into req.body and req.files, with one file per named
 * field. An oversized file is 413 and an unexpected part 400, each with a clear message instead of multer's own.
 */
export function Multipart(...fileFields: string[]): Type<NestInterceptor> {
  @Injectable()
  class MultipartInterceptor implements NestInterceptor {
    private readonly handler: ReturnType<ReturnType<typeof multer>['fields']>;
    private readonly limits: Record<string, number>;

    constructor(@Inject(ENV) env: Env) {
      this.limits = { pdfFile: env.MAX_PDF_BYTES, imageFile: env.MAX_IMAGE_BYTES, logoFile: env.MAX_LOGO_BYTES };
      const largest = Math.max(...fileFields.map((field) => this.limits[field] ?? env.MAX_IMAGE_BYTES));
      this.handler = multer({
        storage: multer.memoryStorage(),
        // File names as browsers send them (RFC 7578: UTF-8), not latin1: 'Menü.pdf' stays 'Menü.pdf'.
        defParamCharset: 'utf8',
        limits: { fileSize: largest + 1, files: fileFields.length, fields: 100, fieldSize: 64 * 1024, parts: 120 },
      }).fields(fileFields.map((name) => ({ name, maxCount: 1 })));
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      await new Promise<void>((resolve, reject) =>
        this.handler(req, http.getResponse<Response>(), (error: unknown) => (error ? reject(this.toRejection(error)) : resolve())),
      );
      return next.handle();
    }

    private toRejection(error: unknown): unknown {
      if (!(error instanceof multer.MulterError)) return error;
      const field = error.field ?? 'file';
      if (error.code === 'LIMIT_FILE_SIZE') {
        const max = Math.round(((this.limits[field] ?? 0) / 1024 / 1024) * 10) / 10;
        const message = `The ${KIND_OF_FIELD[field] ?? 'file'} must be at most ${max} MB`;
        return new DomainError('too_large', message, { [field]: message });
      }
      if (error.code === 'LIMIT_UNEXPECTED_FILE') return DomainError.invalid({ [field]: `Unexpected file field ${field}` });
      return DomainError.invalid({ [field]: `Upload refused: ${error.message}` });
    }
  }
  return mixin(MultipartInterceptor);
}
