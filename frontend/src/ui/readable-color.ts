// WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the brand's primary colour is kept for
// surfaces (headers, gradients, the tenant's CSS variables), and text on it or in it uses a shade that reads.

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of `#RRGGBB` (or `#RGB`). */
function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(full.slice(at, at + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/**
 * `hex` itself when white text on it (and it as text on white) reaches `ratio` (AA for body text: 4.5), else the
 * lightest darker shade of it that does (mixed towards black in 2 % steps), so buttons and links in the brand's colour
 * stay legible whatever colour a tenant picks.
 */
export function readableOnWhite(hex: string, ratio = 4.5): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(full.slice(at, at + 2), 16));
  for (let keep = 1; keep > 0; keep -= 0.02) {
    const shade = `#${toHex(r * keep)}${toHex(g * keep)}${toHex(b * keep)}`;
    if (contrastRatio(shade, '#ffffff') >= ratio) return keep === 1 ? hex : shade.toUpperCase();
  }
  return '#000000';
}
