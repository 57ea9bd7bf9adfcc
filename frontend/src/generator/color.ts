// Hex and RGB for the colour picker's fields (react-colorful draws the square and the hue bar). Free of React, unit-tested.

/** Red, green, blue as integers 0 to 255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const BYTE_MAX = 255;

function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

export function clampByte(value: number): number {
  return Math.round(clamp(value, 0, BYTE_MAX));
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
