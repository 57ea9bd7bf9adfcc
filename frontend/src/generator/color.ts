// Colour maths for the hand-built picker. Kept free of React so it can be unit-tested.

/** Red, green, blue as integers 0 to 255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Hue 0 to 360, saturation and value (brightness) as percentages 0 to 100. */
export interface Hsv {
  h: number;
  s: number;
  v: number;
}

export const HUE_MAX = 360;
export const PERCENT_MAX = 100;
export const BYTE_MAX = 255;

export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

export function clampByte(value: number): number {
  return Math.round(clamp(value, 0, BYTE_MAX));
}

export function hsvToRgb({ h, s, v }: Hsv): Rgb {
  // 360 is the same hue as 0; the modulo keeps the sector maths in 0..5.
  const hue = ((clamp(h, 0, HUE_MAX) % HUE_MAX) + HUE_MAX) % HUE_MAX;
  const sat = clamp(s, 0, PERCENT_MAX) / PERCENT_MAX;
  const val = clamp(v, 0, PERCENT_MAX) / PERCENT_MAX;
  const chroma = val * sat;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = val - chroma;
  const sector = Math.floor(hue / 60);
  const [r1, g1, b1] =
    sector === 0
      ? [chroma, x, 0]
      : sector === 1
        ? [x, chroma, 0]
        : sector === 2
          ? [0, chroma, x]
          : sector === 3
            ? [0, x, chroma]
            : sector === 4
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return { r: clampByte((r1 + m) * 255), g: clampByte((g1 + m) * 255), b: clampByte((b1 + m) * 255) };
}

export function rgbToHsv({ r, g, b }: Rgb): Hsv {
  const rn = clampByte(r) / 255;
  const gn = clampByte(g) / 255;
  const bn = clampByte(b) / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const delta = max - min;
  let h = 0;
  if (delta !== 0) {
    if (max === rn) h = 60 * (((gn - bn) / delta) % 6);
    else if (max === gn) h = 60 * ((bn - rn) / delta + 2);
    else h = 60 * ((rn - gn) / delta + 4);
  }
  if (h < 0) h += HUE_MAX;
  const s = max === 0 ? 0 : (delta / max) * PERCENT_MAX;
  return { h, s, v: max * PERCENT_MAX };
}

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_RE.test(value.trim());
}

/** Parses #rgb or #rrggbb (hash optional); null when the text is not a colour. */
export function hexToRgb(hex: string): Rgb | null {
  const match = HEX_RE.exec(hex.trim());
  if (!match) return null;
  let digits = match[1];
  if (digits.length === 3)
    digits = digits
      .split('')
      .map((d) => d + d)
      .join('');
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => clampByte(c).toString(16).padStart(2, '0')).join('')}`;
}

export function hexToHsv(hex: string): Hsv {
  return rgbToHsv(hexToRgb(hex) ?? { r: 0, g: 0, b: 0 });
}

export function hsvToHex(hsv: Hsv): string {
  return rgbToHex(hsvToRgb(hsv));
}

/** Where a pointer sits along an element, as a percentage 0 to 100 (clamped at the edges). */
export function positionPercent(pointer: number, start: number, length: number): number {
  if (length <= 0) return 0;
  return clamp(((pointer - start) / length) * PERCENT_MAX, 0, PERCENT_MAX);
}

/** Picker square: x is saturation, y runs from full brightness (top) to black (bottom). */
export function squarePositionToSv(xPercent: number, yPercent: number): { s: number; v: number } {
  return { s: clamp(xPercent, 0, PERCENT_MAX), v: PERCENT_MAX - clamp(yPercent, 0, PERCENT_MAX) };
}

export function hueFromPercent(percent: number): number {
  return (clamp(percent, 0, PERCENT_MAX) / PERCENT_MAX) * HUE_MAX;
}

export function hueToPercent(hue: number): number {
  return (clamp(hue, 0, HUE_MAX) / HUE_MAX) * PERCENT_MAX;
}
