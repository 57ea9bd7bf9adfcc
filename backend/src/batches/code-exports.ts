import { Injectable, Logger } from '@nestjs/common';
import { encodeMatrix } from '@qrsharks/qr-core';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { ZipFile } from 'yazl';
import type { AuthUser } from '../accounts';
import { CodeArtwork, type CodeArtworkItem } from '../codes';
import { cellGeometry, FileNames, PRINT_LAYOUT } from './export-files';
import type { ExportFormat, PrintLayoutName } from './batches.schemas';

/** Modules of quiet zone around each printed code (the QR specification's minimum). */
export const QUIET_ZONE = 4;
/** A PDF's output waiting to be read beyond this: drawing pauses (bounded memory for a slow reader). */
const PDF_BUFFER_LIMIT = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A ZIP of codes' files and a print-ready PDF (issue 35), for a batch's codes or a selection. Both are streamed, one code
 * at a time: a ZIP entry is added once the previous one has been read by the client (yazl pipes each entry with
 * backpressure), and the PDF's drawing waits while its output is not read, so memory stays bounded however many codes.
 * PNGs come from the render pool, as a single download's do. Codes the caller does not own (or deleted ones) are left out.
 */
@Injectable()
export class CodeExports {
  private readonly logger = new Logger('CodeExports');

  constructor(private readonly artwork: CodeArtwork) {}

  zip(user: AuthUser, ids: readonly string[], format: ExportFormat): Readable {
    const zip = new ZipFile();
    const output = zip.outputStream as Readable;
    void (async () => {
      const names = new FileNames();
      for (const id of ids) {
        if (output.destroyed) return;
        const item = await this.artwork.of(user, id);
        if (!item) continue;
        const base = names.next(item.name);
        if (format !== 'png') await addEntry(zip, `${base}.svg`, Buffer.from(item.svg));
        if (format !== 'svg') await addEntry(zip, `${base}.png`, await this.artwork.png(item.svg));
      }
      zip.end();
    })().catch((error: Error) => {
      this.logger.warn(`A ZIP export stopped: ${error.message}`);
      output.destroy(error);
    });
    return output;
  }

  pdf(user: AuthUser, ids: readonly string[], layoutName: PrintLayoutName, captions: boolean, title: string): Readable {
    const layout = PRINT_LAYOUT[layoutName];
    const doc = new PDFDocument({ size: layout.size, margin: 0, autoFirstPage: false, compress: false, info: { Title: title } });
    void (async () => {
      let index = 0;
      for (const id of ids) {
        if (doc.destroyed) return;
        while (doc.readableLength > PDF_BUFFER_LIMIT && !doc.destroyed) await sleep(10);
        const item = await this.artwork.of(user, id);
        if (!item) continue;
        const at = cellGeometry(layout, index++, captions);
        if (at.firstOnPage) doc.addPage({ size: layout.size, margin: 0 });
        drawCode(doc, item, at.square);
        if (captions)
          doc
            .font('Helvetica')
            .fontSize(layout.captionSize)
            .fillColor('#000000')
            .text(item.name, at.caption.x, at.caption.y + layout.captionSize * 0.2, {
              width: at.caption.width,
              height: at.caption.height,
              align: 'center',
              lineBreak: false,
              ellipsis: true,
            });
      }
      if (index === 0) doc.addPage({ size: layout.size, margin: 0 });
      doc.end();
    })().catch((error: Error) => {
      this.logger.warn(`A PDF export stopped: ${error.message}`);
      doc.destroy(error);
    });
    return doc;
  }
}

/** One entry, resolved once the client has read it (or the archive was abandoned). */
function addEntry(zip: ZipFile, name: string, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const source = Readable.from([bytes]);
    const output = zip.outputStream as Readable;
    const gone = () => resolve();
    output.once('close', gone);
    source.once('end', () => {
      output.off('close', gone);
      resolve();
    });
    source.once('error', reject);
    zip.addReadStream(source, name, { mtime: new Date(), compress: !name.endsWith('.png') });
  });
}

/**
 * A code as vector paths: its background square (the quiet zone included) in its background colour, then each row's runs
 * of dark modules as rectangles, filled at once in its foreground colour. The module grid is the symbol's own: scanners
 * read it at any print size; the generator's dot and corner shapes are left to the PNG and SVG files.
 */
export function drawCode(doc: PDFKit.PDFDocument, item: CodeArtworkItem, square: { x: number; y: number; side: number }): void {
  const matrix = encodeMatrix(item.payload, item.errorCorrectionLevel);
  const unit = square.side / (matrix.size + 2 * QUIET_ZONE);
  doc.rect(square.x, square.y, square.side, square.side).fill(item.bgColor);
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark[row * matrix.size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark[row * matrix.size + column]) column++;
      doc.rect(square.x + (QUIET_ZONE + start) * unit, square.y + (QUIET_ZONE + row) * unit, (column - start) * unit, unit);
    }
  }
  doc.fill(item.fgColor);
}
