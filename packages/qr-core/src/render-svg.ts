import { assertScannableContrast, parseHexColor, QrStyleError } from './contrast';
import { frameTextPath, isFrameFontLoaded } from './frame-text';
import { encodeMatrix, type ErrorCorrectionLevel, type QrMatrix } from './matrix';
import { CORNER_SHAPES, DOT_SHAPES, FRAME_STYLES, resolveStyle, type CornerShape, type QrStyle } from './style';

export interface RenderOptions {
  /** Defaults to H (display codes); a logo always forces H. */
  errorCorrectionLevel?: ErrorCorrectionLevel;
  /** Width in px written to the SVG's width attribute (height follows the aspect ratio). Default 328. */
  size?: number;
}

export const QUIET_ZONE = 4;
export const DEFAULT_RENDER_SIZE = 328;
/** Logo side at most this share of the code's width. */
export const LOGO_MAX_SIDE_SHARE = 0.3;
/**
 * Logo area at most this share of the data modules. Every cleared module is an unflagged error to the
 * decoder; 8% of modules touch about 12% of codewords, under half of what level H corrects (about 30%),
 * which leaves the rest for print and camera damage.
 */
export const LOGO_MAX_AREA_SHARE = 0.08;

export interface LogoBox {
  /** First cleared module (row and column), and the cleared square's side, in modules. */
  start: number;
  side: number;
}

/** The centred square of modules a logo clears: odd side (n is odd), bounded by LOGO_MAX_*. */
export function logoBox(matrix: Pick<QrMatrix, 'size' | 'reserved'>): LogoBox {
  const n = matrix.size;
  let dataModules = 0;
  for (let i = 0; i < matrix.reserved.length; i++) if (!matrix.reserved[i]) dataModules++;
  let side = Math.floor(n * LOGO_MAX_SIDE_SHARE);
  if (side % 2 === 0) side--;
  while (side > 1 && side * side > dataModules * LOGO_MAX_AREA_SHARE) side -= 2;
  return { start: (n - side) / 2, side };
}

const CIRCLE_RING_SQUARE_INSET = 0.3;
/**
 * Finder centres in a ring of another shape (issue 35). Decoders such as jsQR score a finder candidate by its
 * 1:1:3:1:1 runs along the row, the column and both diagonals, in pixels, and keep the three best. A square (or
 * rounded) ring is about 1.41 (1.24) times wider along a diagonal than along a row, and a 3-module circle is not,
 * so a circle centre scored worse than chance patterns among circle dots and the code did not scan. A circle of
 * radius 1.75 splits the difference between the row (1.5) and the diagonal (2.12); a rounded centre in a square
 * ring keeps corners of radius 0.5 instead of 1, for the same reason.
 */
const CIRCLE_CENTRE_GROWTH = 0.25;
const ROUNDED_CENTRE_IN_SQUARE_RADIUS = 0.5;
/**
 * Circle dots slightly overlap their neighbours (diameter 1.1 modules). At a diameter of exactly 1, the thin band
 * where three touching circles' chords read as 1:1:3:1:1 is several pixels tall at download size and jsQR took
 * it for a finder pattern; a small overlap narrows that band and thickens the waist between dots.
 */
const CIRCLE_DOT_PATH = (c: number, r: number): string => `M${num(c - 0.05)} ${r}.5a.55 .55 0 1 0 1.1 0a.55 .55 0 1 0-1.1 0z`;

const ARC_TR = 'a.5 .5 0 0 1 .5 .5';
const ARC_BR = 'a.5 .5 0 0 1-.5 .5';
const ARC_BL = 'a.5 .5 0 0 1-.5-.5';
const ARC_TL = 'a.5 .5 0 0 1 .5-.5';
/** A length given in half modules, written without float formatting. */
const half = (twice: number): string => (twice & 1 ? `${twice >> 1}.5` : `${twice >> 1}`);

const num = (v: number): string => String(Math.round(v * 100) / 100);

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A w x h rectangle at (x, y) with each corner's radius (tl, tr, br, bl), clockwise. */
function roundedRect(x: number, y: number, w: number, h: number, tl: number, tr: number, br: number, bl: number): string {
  let d = `M${num(x + tl)} ${num(y)}H${num(x + w - tr)}`;
  if (tr) d += `A${num(tr)} ${num(tr)} 0 0 1 ${num(x + w)} ${num(y + tr)}`;
  d += `V${num(y + h - br)}`;
  if (br) d += `A${num(br)} ${num(br)} 0 0 1 ${num(x + w - br)} ${num(y + h)}`;
  d += `H${num(x + bl)}`;
  if (bl) d += `A${num(bl)} ${num(bl)} 0 0 1 ${num(x)} ${num(y + h - bl)}`;
  d += `V${num(y + tl)}`;
  if (tl) d += `A${num(tl)} ${num(tl)} 0 0 1 ${num(x + tl)} ${num(y)}`;
  return `${d}Z`;
}

function circle(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0Z`;
}

/** A shape filling the square (x, y, side): square, circle, or rounded square. */
function cornerShape(shape: CornerShape, x: number, y: number, side: number, roundRadius: number): string {
  if (shape === 'circle') return circle(x + side / 2, y + side / 2, side / 2);
  if (shape === 'rounded') return roundedRect(x, y, side, side, roundRadius, roundRadius, roundRadius, roundRadius);
  return `M${num(x)} ${num(y)}h${side}v${side}h${-side}Z`;
}

function checkEnum<T extends string>(field: string, value: T, allowed: readonly T[]): void {
  if (!allowed.includes(value)) {
    throw new QrStyleError(field, `${field} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
}

/** Checks a resolved style before drawing: hex colours, known shapes, and scannable contrast. */
export function assertRenderableStyle(style: QrStyle): void {
  checkEnum('dotShape', style.dotShape, DOT_SHAPES);
  checkEnum('cornerShape', style.cornerShape, CORNER_SHAPES);
  checkEnum('innerCornerShape', style.innerCornerShape, CORNER_SHAPES);
  checkEnum('frameStyle', style.frameStyle, FRAME_STYLES);
  parseHexColor(style.bgColor, 'bgColor');
  assertScannableContrast('fgColor', style.fgColor, style.bgColor);
  if (style.gradientColor) assertScannableContrast('gradientColor', style.gradientColor, style.bgColor);
  if (style.outerCornerColor) assertScannableContrast('outerCornerColor', style.outerCornerColor, style.bgColor);
  if (style.innerCornerColor) assertScannableContrast('innerCornerColor', style.innerCornerColor, style.bgColor);
  if (style.enableFrame) {
    parseHexColor(style.frameColor, 'frameColor');
    parseHexColor(style.frameTextColor, 'frameTextColor');
    // Never a frame with its label silently missing: the browser awaits loadFrameFont() first.
    if (style.frameText && !isFrameFontLoaded()) {
      throw new QrStyleError('frameText', 'The frame font is not loaded: call loadFrameFont() before rendering a framed code');
    }
  }
}

/**
 * Renders text as a styled QR code SVG: one path per layer (background, dots, finder rings,
 * finder centres, frame, frame text), a 4-module quiet zone, finder, timing and alignment
 * patterns kept solid so plain decoders cope. Throws QrEncodeError, LowContrastError, QrStyleError.
 */
export function renderSvg(text: string, style?: Partial<QrStyle>, options?: RenderOptions): string {
  const s = resolveStyle(style);
  assertRenderableStyle(s);
  const level: ErrorCorrectionLevel = s.logo ? 'H' : (options?.errorCorrectionLevel ?? 'H');
  return renderMatrixSvg(encodeMatrix(text, level), s, options?.size ?? DEFAULT_RENDER_SIZE);
}

/** Draws an already encoded matrix with a resolved, checked style. */
export function renderMatrixSvg(matrix: QrMatrix, s: QrStyle, size: number): string {
  const n = matrix.size;
  const dark = matrix.dark;
  const reserved = matrix.reserved;
  const q = n + 2 * QUIET_ZONE;

  // Frame: a border of b modules around the quiet zone, and a label band of t modules below.
  const framed = s.enableFrame;
  const b = framed ? Math.max(1, q * 0.05) : 0;
  const t = framed ? q * 0.2 : 0;
  const width = q + 2 * b;
  const height = q + 2 * b + (framed ? t - b : 0);
  const ox = b + QUIET_ZONE;
  const oy = b + QUIET_ZONE;

  const logo = s.logo ? logoBox(matrix) : null;
  const logoEnd = logo ? logo.start + logo.side : 0;

  // What the dots layer draws: dark modules outside the finders and the logo's cleared square.
  const draw = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (!dark[i]) continue;
      if ((r < 7 && (c < 7 || c >= n - 7)) || (r >= n - 7 && c < 7)) continue;
      if (logo && r >= logo.start && r < logoEnd && c >= logo.start && c < logoEnd) continue;
      draw[i] = 1;
    }
  }
  const drawnAt = (r: number, c: number): boolean => r >= 0 && r < n && draw[r * n + c] === 1;

  // Dots are drawn in module coordinates (integers), translated by the quiet zone and frame once.
  let dots = '';
  const circles = s.dotShape === 'circle';
  const rounded = s.dotShape === 'rounded';
  for (let r = 0; r < n; r++) {
    const row = r * n;
    let c = 0;
    while (c < n) {
      if (!draw[row + c]) {
        c++;
        continue;
      }
      if (circles && !reserved[row + c]) {
        dots += CIRCLE_DOT_PATH(c, r);
        c++;
        continue;
      }
      // A horizontal run; with circle dots only function-pattern modules join runs, so they stay solid.
      const start = c;
      c++;
      if (circles) while (c < n && draw[row + c] && reserved[row + c]) c++;
      else while (c < n && draw[row + c]) c++;
      const len = c - start;
      if (rounded) {
        // Round a corner only where both its neighbours are empty; function patterns stay square.
        const endCol = c - 1;
        const solidStart = reserved[row + start] === 1;
        const solidEnd = reserved[row + endCol] === 1;
        const tl = !solidStart && !drawnAt(r - 1, start) ? 1 : 0;
        const bl = !solidStart && !drawnAt(r + 1, start) ? 1 : 0;
        const tr = !solidEnd && !drawnAt(r - 1, endCol) ? 1 : 0;
        const br = !solidEnd && !drawnAt(r + 1, endCol) ? 1 : 0;
        if (tl | tr | br | bl) {
          // Lengths in half modules, so every number is an integer or ends in .5.
          dots +=
            `M${half(2 * start + tl)} ${r}h${half(2 * len - tl - tr)}${tr ? ARC_TR : ''}` +
            `v${half(2 - tr - br)}${br ? ARC_BR : ''}h-${half(2 * len - bl - br)}${bl ? ARC_BL : ''}` +
            `v-${half(2 - tl - bl)}${tl ? ARC_TL : ''}z`;
          continue;
        }
      }
      dots += `M${start} ${r}h${len}v1h-${len}z`;
    }
  }

  let rings = '';
  let centres = '';
  for (const [fr, fc] of [
    [0, 0],
    [0, n - 7],
    [n - 7, 0],
  ] as const) {
    const x = fc;
    const y = fr;
    // Outer and inner outlines of the ring; even-odd fill leaves the gap empty.
    rings += cornerShape(s.cornerShape, x, y, 7, 1.5) + cornerShape(s.cornerShape, x + 1, y + 1, 5, 0.5);
    // Decoders cross-check the 1:1:3:1:1 finder ratio along the diagonals too. A full 3x3 square inside
    // a round ring leaves almost no diagonal gap, so there the square centre shrinks to keep one.
    let inset = s.cornerShape === 'circle' && s.innerCornerShape === 'square' ? CIRCLE_RING_SQUARE_INSET : 0;
    if (s.cornerShape !== 'circle' && s.innerCornerShape === 'circle') inset = -CIRCLE_CENTRE_GROWTH;
    const radius = s.cornerShape === 'square' && s.innerCornerShape === 'rounded' ? ROUNDED_CENTRE_IN_SQUARE_RADIUS : 1;
    centres += cornerShape(s.innerCornerShape, x + 2 + inset, y + 2 + inset, 3 - 2 * inset, radius);
  }

  const fg = s.fgColor;
  let defs = '';
  let dotPaint = fg;
  if (s.gradientColor) {
    // In the code layers' own coordinates (module units), so equal ids always mean equal gradients.
    const id = `qrg-${fg.slice(1)}-${s.gradientColor.slice(1)}-${n}`;
    defs =
      `<defs><linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${n}" y2="${n}">` +
      `<stop offset="0" stop-color="${fg}"/><stop offset="1" stop-color="${s.gradientColor}"/></linearGradient></defs>`;
    dotPaint = `url(#${id})`;
  }

  let out =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" ` +
    `viewBox="0 0 ${num(width)} ${num(height)}" width="${num(size)}" height="${num((size * height) / width)}">` +
    defs;

  if (framed) {
    const outerR = s.frameStyle === 'rounded' ? b * 1.6 : 0;
    const innerR = s.frameStyle === 'rounded' ? Math.min(b, QUIET_ZONE - 1) : 0;
    out += `<path fill="${s.frameColor}" d="${roundedRect(0, 0, width, height, outerR, outerR, outerR, outerR)}"/>`;
    out += `<path fill="${s.bgColor}" d="${roundedRect(b, b, q, q, innerR, innerR, innerR, innerR)}"/>`;
  } else {
    out += `<rect width="${num(width)}" height="${num(height)}" fill="${s.bgColor}"/>`;
  }

  out += `<g transform="translate(${num(ox)} ${num(oy)})">`;
  if (dots) out += `<path fill="${dotPaint}" d="${dots}"/>`;
  out += `<path fill="${s.outerCornerColor ?? dotPaint}" fill-rule="evenodd" d="${rings}"/>`;
  out += `<path fill="${s.innerCornerColor ?? dotPaint}" d="${centres}"/></g>`;

  if (logo && s.logo) {
    const pad = 0.5;
    out +=
      `<image href="${escapeAttr(s.logo.href)}" x="${num(ox + logo.start + pad)}" y="${num(oy + logo.start + pad)}" ` +
      `width="${num(logo.side - 2 * pad)}" height="${num(logo.side - 2 * pad)}" preserveAspectRatio="xMidYMid meet"/>`;
  }

  if (framed && s.frameText) {
    const bandTop = b + q;
    const d = frameTextPath(s.frameText, width / 2, bandTop + (height - bandTop) / 2, t * 0.42, width - 4 * b);
    if (d) out += `<path fill="${s.frameTextColor}" d="${d}"/>`;
  }

  return `${out}</svg>`;
}
