import { Injectable, Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { ZipFile } from 'yazl';
import type { AuthUser } from '../accounts';
import { CodeArtwork } from '../codes';
import { cellGeometry, FileNames, PRINT_LAYOUT } from './export-files';
import type { ExportFormat, PrintLayoutName } from './batches.schemas';
import { drawSvg, foreignImages } from './svg-to-pdf';

/**
 * The captions' font: DejaVu Sans (Bitstream Vera licence, assets/fonts), embedded as a subset of the glyphs used, so
 * names in Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic and most Latin scripts print (Helvetica prints only
 * WinAnsi). Read once; from src/ and dist/ alike the assets folder is two levels up.
 */
export const CAPTION_FONT_PATH = join(__dirname, '..', '..', 'assets', 'fonts', 'DejaVuSans.ttf');
let captionFont: Buffer | null = null;
const captionFontBytes = () => (captionFont ??= readFileSync(CAPTION_FONT_PATH));
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
    if (captions) doc.registerFont('caption', captionFontBytes());
    void (async () => {
      let index = 0;
      for (const id of ids) {
        if (doc.destroyed) return;
        while (doc.readableLength > PDF_BUFFER_LIMIT && !doc.destroyed) await sleep(10);
        const item = await this.artwork.of(user, id);
        if (!item) continue;
        const images = await this.logoBitmaps(item.svg);
        const at = cellGeometry(layout, index++, captions);
        if (at.firstOnPage) doc.addPage({ size: layout.size, margin: 0 });
        drawSvg(doc, item.svg, at.square, images);
        if (captions)
          doc
            .font('caption')
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

  /** Logos pdfkit cannot embed as they are (SVG, WebP, GIF) as PNGs from the render pool, by their data: URL. */
  private async logoBitmaps(svg: string): Promise<Map<string, Buffer>> {
    const images = new Map<string, Buffer>();
    for (const href of foreignImages(svg)) {
      const escaped = href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      const wrapper =
        '<svg xmlns="http://www.w3.org/2000/svg" width="328" height="328" viewBox="0 0 1 1">' +
        `<image href="${escaped}" width="1" height="1" preserveAspectRatio="xMidYMid meet"/></svg>`;
      images.set(href, await this.artwork.png(wrapper));
    }
    return images;
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
