/**
 * qr-core's SVG drawn into a PDF as vector paths (issue 35's print PDF): the renderer's output is a small, known set of
 * elements (render-svg.ts: a background rect or the frame's paths, a translated group of the dots', rings' and centres'
 * paths, a linear gradient in defs, the logo's image, the frame text as a path), so each becomes its pdfkit call; the
 * dot and corner shapes, colours, gradient, frame and logo print as the PNG and SVG files show them.
 */

/** Where the code goes on the page: a square (the renderer's quiet zone is inside the SVG). */
export interface PdfBox {
  x: number;
  y: number;
  side: number;
}

interface Element {
  closing: boolean;
  name: string;
  attrs: Record<string, string>;
}

const ELEMENT = /<(\/?)([a-zA-Z]+)\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function* elements(svg: string): Generator<Element> {
  for (const match of svg.matchAll(ELEMENT)) {
    const attrs: Record<string, string> = {};
    for (const attr of match[3].matchAll(ATTRIBUTE)) attrs[attr[1]] = unescape(attr[2]);
    yield { closing: match[1] === '/', name: match[2], attrs };
  }
}

const number = (value: string | undefined, fallback = 0) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** A logo's bytes as pdfkit takes them (PNG or JPEG), or null: the caller rasterises other formats first. */
export function pdfImageBytes(href: string): Buffer | null {
  const match = /^data:image\/(png|jpeg|jpg);base64,(.*)$/s.exec(href);
  return match ? Buffer.from(match[2], 'base64') : null;
}

/**
 * Draws the renderer's SVG fitted in the box (centred, its proportions kept: a framed code is taller than wide).
 * `images` holds PNG bytes for logos pdfkit cannot embed as they are (SVG, WebP, GIF); a logo without bytes is left out.
 */
export function drawSvg(doc: PDFKit.PDFDocument, svg: string, box: PdfBox, images: ReadonlyMap<string, Buffer> = new Map()): void {
  const gradients = new Map<string, PDFKit.PDFLinearGradient>();
  let gradient: { id: string; value: PDFKit.PDFLinearGradient } | null = null;
  let depth = 0;
  const paint = (fill: string | undefined): string | PDFKit.PDFLinearGradient => {
    const ref = fill && /^url\(#([^)]+)\)$/.exec(fill);
    return (ref && gradients.get(ref[1])) || fill || '#000000';
  };

  doc.save();
  for (const element of elements(svg)) {
    const { attrs } = element;
    if (element.closing) {
      if (element.name === 'g' && depth > 0) {
        doc.restore();
        depth--;
      }
      if (element.name === 'linearGradient') gradient = null;
      continue;
    }
    switch (element.name) {
      case 'svg': {
        const [, , width, height] = (attrs.viewBox ?? '0 0 1 1').split(/[\s,]+/).map((value) => number(value, 1));
        const scale = Math.min(box.side / width, box.side / height);
        doc.translate(box.x + (box.side - width * scale) / 2, box.y + (box.side - height * scale) / 2).scale(scale);
        break;
      }
      case 'linearGradient': {
        const value = doc.linearGradient(number(attrs.x1), number(attrs.y1), number(attrs.x2), number(attrs.y2));
        gradient = { id: attrs.id, value };
        gradients.set(attrs.id, value);
        break;
      }
      case 'stop':
        gradient?.value.stop(number(attrs.offset), attrs['stop-color'] ?? '#000000');
        break;
      case 'g': {
        doc.save();
        depth++;
        const translate = /translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/.exec(attrs.transform ?? '');
        if (translate) doc.translate(number(translate[1]), number(translate[2]));
        break;
      }
      case 'rect':
        doc.rect(number(attrs.x), number(attrs.y), number(attrs.width), number(attrs.height)).fill(paint(attrs.fill));
        break;
      case 'path':
        if (attrs.d) doc.path(attrs.d).fill(paint(attrs.fill), attrs['fill-rule'] === 'evenodd' ? 'even-odd' : 'non-zero');
        break;
      case 'image': {
        const href = attrs.href ?? attrs['xlink:href'] ?? '';
        const bytes = pdfImageBytes(href) ?? images.get(href);
        const [x, y, width, height] = [number(attrs.x), number(attrs.y), number(attrs.width), number(attrs.height)];
        if (bytes) doc.image(bytes, x, y, { fit: [width, height], align: 'center', valign: 'center' });
        break;
      }
    }
  }
  while (depth-- > 0) doc.restore();
  doc.restore();
}

/** The logos of a code's SVG that pdfkit cannot embed as they are (not PNG or JPEG): the caller rasterises them. */
export function foreignImages(svg: string): string[] {
  const found: string[] = [];
  for (const element of elements(svg)) {
    if (element.closing || element.name !== 'image') continue;
    const href = element.attrs.href ?? element.attrs['xlink:href'] ?? '';
    if (href && !pdfImageBytes(href)) found.push(href);
  }
  return found;
}
