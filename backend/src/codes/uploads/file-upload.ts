import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** A file as commands take it: what the client called it, what it claimed to be, and its bytes (type is sniffed later). */
export interface FileUpload {
  originalName: string;
  mimeType: string;
  bytes: Buffer;
}

interface MulterPart {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/**
 * The one file of a multipart field (the Multipart interceptor parsed it), as a typed value; null when the request
 * has none. Controllers hand this to commands, never multer's objects.
 */
export const FileOf = createParamDecorator((field: string, context: ExecutionContext): FileUpload | null => {
  const files = context.switchToHttp().getRequest<Request & { files?: Record<string, MulterPart[] | undefined> }>().files;
  const part = files && !Array.isArray(files) ? files[field]?.[0] : undefined;
  return part ? { originalName: part.originalname, mimeType: part.mimetype, bytes: part.buffer } : null;
});
