// WCAG 2.x contrast: the brand's colours are kept for surfaces (headers, gradients, the tenant's CSS variables), and
// buttons and text in them use a shade that reads.
import { darken, getContrastRatio } from '@mui/material/styles';

/** The pages' background (the theme's background.default). */
export const PAGE_BACKGROUND = '#f8fafc';
/**
 * The darkest surface text in the brand's colour sits on: a filled field (react-admin's inputs: 6 % black) over the page
 * background (a list's filter form), whose label takes the primary colour while focused. A colour that reads there reads
 * on the page and on white.
 */
export const FIELD_BACKGROUND = '#e9ebed';

/**
 * `color` itself when it reads as text on a filled field, the page and white, and white text reads on it, at `ratio`
 * (AA for body text: 4.5:1); else the first shade of it, darkened in 5 % steps, that does: buttons, links and focused
 * labels stay legible whatever colour a tenant picks.
 */
export function readableOnWhite(color: string, ratio = 4.5): string {
  let shade = color;
  for (let step = 0; step < 20 && getContrastRatio(shade, FIELD_BACKGROUND) < ratio; step += 1) shade = darken(shade, 0.05);
  return shade;
}
