import { HEX_COLOR_RE } from './style';

/** Raised instead of rendering a code whose colours a scanner cannot tell apart. */
export class LowContrastError extends Error {
  readonly field: string;
  readonly ratio: number;

  constructor(field: string, message: string, ratio: number) {
    super(message);
    this.name = 'LowContrastError';
    this.field = field;
    this.ratio = ratio;
  }
}

/** Raised for a style value the renderer cannot use (not a hex colour, unknown shape). */
export class QrStyleError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'QrStyleError';
    this.field = field;
  }
}

/**
 * Dark modules must be darker than the background by at least this WCAG contrast ratio.
 * 3:1 keeps black-to-#ff00ff (the picker's default second colour) on white, about 3.1:1.
 */
export const MIN_SCAN_CONTRAST = 3;

export type Rgb = readonly [number, number, number];

export function parseHexColor(value: string, field: string): Rgb {
  if (typeof value !== 'string' || !HEX_COLOR_RE.test(value.trim())) {
    throw new QrStyleError(field, `${field} must be a hex colour such as #1A2B3C, got ${JSON.stringify(value)}`);
  }
  let h = value.trim().slice(1);
  if (h.length === 3) h = h[0]! + h[0]! + h[1]! + h[1]! + h[2]! + h[2]!;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const LABELS: Record<string, string> = {
  fgColor: 'QR colour',
  gradientColor: 'Second colour',
  outerCornerColor: 'Corner colour',
  innerCornerColor: 'Centre colour',
};

/**
 * Refuses a dark colour that is lighter than the background or too close to it.
 * Light-on-dark codes are refused too: many phone and kiosk scanners do not try inverted codes.
 */
export function assertScannableContrast(field: string, dark: string, background: string): void {
  const d = parseHexColor(dark, field);
  const bg = parseHexColor(background, 'bgColor');
  const ratio = contrastRatio(d, bg);
  const label = LABELS[field] ?? field;
  if (relativeLuminance(d) >= relativeLuminance(bg)) {
    throw new LowContrastError(
      field,
      `${label} ${dark} must be darker than the background ${background}; light codes on a dark background do not scan everywhere`,
      ratio,
    );
  }
  if (ratio < MIN_SCAN_CONTRAST) {
    throw new LowContrastError(
      field,
      `${label} ${dark} is too close to the background ${background} to scan (contrast ${ratio.toFixed(2)}:1, needs at least ` +
        `${MIN_SCAN_CONTRAST}:1)`,
      ratio,
    );
  }
}
