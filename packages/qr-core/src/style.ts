export type DotShape = 'square' | 'circle' | 'rounded';
export type CornerShape = 'square' | 'circle' | 'rounded';
export type FrameStyle = 'rounded' | 'square';

export const DOT_SHAPES: readonly DotShape[] = ['square', 'circle', 'rounded'];
export const CORNER_SHAPES: readonly CornerShape[] = ['square', 'circle', 'rounded'];
export const FRAME_STYLES: readonly FrameStyle[] = ['rounded', 'square'];

export interface QrStyle {
  fgColor: string;
  bgColor: string;
  /** Second colour: a linear gradient from fgColor to it across the code. */
  gradientColor: string | null;
  dotShape: DotShape;
  cornerShape: CornerShape;
  innerCornerShape: CornerShape;
  /** Finder ring colour; null paints it like the dots (the main colour). */
  outerCornerColor: string | null;
  /** Finder centre colour; null paints it like the dots. */
  innerCornerColor: string | null;
  /** A data: URL or a same-origin URL. */
  logo: { href: string } | null;
  enableFrame: boolean;
  frameText: string;
  frameColor: string;
  frameTextColor: string;
  frameStyle: FrameStyle;
}

/** Core spec section 9 defaults. */
export const DEFAULT_STYLE: QrStyle = Object.freeze({
  fgColor: '#000000',
  bgColor: '#FFFFFF',
  gradientColor: null,
  dotShape: 'square',
  cornerShape: 'square',
  innerCornerShape: 'square',
  outerCornerColor: null,
  innerCornerColor: null,
  logo: null,
  enableFrame: false,
  frameText: 'SCAN ME',
  frameColor: '#000000',
  frameTextColor: '#FFFFFF',
  frameStyle: 'rounded',
}) as QrStyle;

/** The colour picker's default for the second colour. */
export const DEFAULT_GRADIENT_COLOR = '#ff00ff';
export const FRAME_TEXT_MAX_LENGTH = 30;

export const HEX_COLOR_RE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export function resolveStyle(style?: Partial<QrStyle>): QrStyle {
  if (!style) return DEFAULT_STYLE;
  const out: QrStyle = { ...DEFAULT_STYLE };
  for (const key of Object.keys(style) as (keyof QrStyle)[]) {
    const value = style[key];
    if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}
