import { Controller, Get, HttpCode, Post, StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { BodyOf, FileAnswerOf, IdParam, QueryOf, uuidId } from '../common/input';
import { SERVICE_UNAVAILABLE } from '../http/errors.filter';
import { BATCH_NOT_FOUND } from './batch';
import { BatchesQuery } from './batches.query';
import {
  printQuery,
  selectionPrintBody,
  selectionZipBody,
  zipQuery,
  type PrintQuery,
  type SelectionPrintBody,
  type SelectionZipBody,
  type ZipQuery,
} from './batches.schemas';
import { CodeExports } from './code-exports';
import { FileNames } from './export-files';

/**
 * A file that fails half-way is cut off (the connection reset), never ended as if it were whole; one that fails before
 * its first byte is a 503 (a code could not be drawn within budget: ours to fix).
 */
const streamed = (stream: Readable, type: string, disposition: string) =>
  new StreamableFile(stream, { type, disposition }).setErrorHandler((error, res) => {
    if (res.destroyed) return;
    if (!res.headersSent) {
      res.statusCode = 503;
      res.send(SERVICE_UNAVAILABLE);
    } else if (res.destroy) res.destroy(error);
    else res.end();
  });

const ZIP = 'application/zip';
const PDF = 'application/pdf';
const attachment = (name: string, extension: string) => {
  const base = new FileNames().next(name);
  // The ASCII fallback for old clients, the UTF-8 name (RFC 6266) for the rest.
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${base}.${extension}`)}`;
};

/**
 * A batch's codes, or any selection of the owner's codes, as one ZIP of PNG and/or SVG files or as a print-ready PDF
 * (issue 35). Streamed: the answer starts at once and is drawn one code at a time.
 */
@Controller('api')
export class CodeExportsController {
  constructor(
    private readonly exports: CodeExports,
    private readonly batches: BatchesQuery,
  ) {}

  @Get('batches/:id/codes.zip')
  @Authenticated()
  @FileAnswerOf(ZIP, "The batch's codes: a PNG and/or SVG file each, named after them")
  async batchZip(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), BATCH_NOT_FOUND) id: string,
    @QueryOf(zipQuery) query: ZipQuery,
  ): Promise<StreamableFile> {
    const batch = await this.batches.get(user, id);
    return streamed(this.exports.zip(user, batch.codeIds, query.format), ZIP, attachment(batch.name, 'zip'));
  }

  @Get('batches/:id/print.pdf')
  @Authenticated()
  @FileAnswerOf(PDF, "The batch's codes on the layout's sheets, as vector paths")
  async batchPdf(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), BATCH_NOT_FOUND) id: string,
    @QueryOf(printQuery) query: PrintQuery,
  ): Promise<StreamableFile> {
    const batch = await this.batches.get(user, id);
    const pdf = this.exports.pdf(user, batch.codeIds, query.layout, query.captions, batch.name);
    return streamed(pdf, PDF, attachment(batch.name, 'pdf'));
  }

  @Post('dashboard/codes/export.zip')
  @HttpCode(200)
  @Authenticated()
  @FileAnswerOf(ZIP, 'The selected codes: a PNG and/or SVG file each')
  selectionZip(@CurrentUser() user: AuthUser, @BodyOf(selectionZipBody) body: SelectionZipBody): StreamableFile {
    return streamed(this.exports.zip(user, body.ids, body.format), ZIP, attachment('qr-codes', 'zip'));
  }

  @Post('dashboard/codes/print.pdf')
  @HttpCode(200)
  @Authenticated()
  @FileAnswerOf(PDF, 'The selected codes on the layout sheets')
  selectionPdf(@CurrentUser() user: AuthUser, @BodyOf(selectionPrintBody) body: SelectionPrintBody): StreamableFile {
    const pdf = this.exports.pdf(user, body.ids, body.layout, body.captions, 'QR codes');
    return streamed(pdf, PDF, attachment('qr-codes', 'pdf'));
  }
}
