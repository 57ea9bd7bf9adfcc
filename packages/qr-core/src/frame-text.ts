// Frame labels are drawn as outlines from a glyph table (frame-font.ts, about 20 KB gzipped). The
// table is registered rather than imported: the Node entry (index.ts) registers it at once, the
// browser entry (browser.ts) loads it with loadFrameFont() only when a visitor turns the frame on.

/** A glyph-outline table as written by scripts/build-frame-font.mjs. */
export interface FrameFont {
  /** Height of capital letters above the baseline, in font units. */
  capHeight: number;
  /** char -> [advance width, outline as an SVG path in font units, y down, baseline at 0]. */
  glyphs: Readonly<Record<string, readonly [number, string]>>;
  /** Two chars -> kerning adjustment in font units (nonzero pairs only). */
  kerning: Readonly<Record<string, number>>;
}

let font: FrameFont | null = null;

/** Makes the table available to renderSvg (idempotent). */
export function registerFrameFont(table: FrameFont): void {
  if (font === table) return;
  font = table;
  parsed.clear();
  outlines.clear();
}

/** True once a frame font is registered, so framed codes can be rendered. */
export function isFrameFontLoaded(): boolean {
  return font !== null;
}

function requireFont(): FrameFont {
  if (!font) throw new Error('The frame font is not loaded: call loadFrameFont() before rendering a framed code');
  return font;
}

interface ParsedGlyph {
  advance: number;
  /** Command letters and their absolute coordinates, y down, baseline 0. */
  commands: { op: string; args: number[] }[];
}

const parsed = new Map<string, ParsedGlyph | null>();

function glyphFor(ch: string): ParsedGlyph | null {
  const cached = parsed.get(ch);
  if (cached !== undefined) return cached;
  const { glyphs } = requireFont();
  const entry = glyphs[ch] ?? glyphs['?'];
  let glyph: ParsedGlyph | null = null;
  if (entry) {
    const commands: ParsedGlyph['commands'] = [];
    const re = /([MLQCZ])([^MLQCZ]*)/g;
    for (let m = re.exec(entry[1]); m; m = re.exec(entry[1])) {
      const args = (m[2]!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
      commands.push({ op: m[1]!, args });
    }
    glyph = { advance: entry[0], commands };
  }
  parsed.set(ch, glyph);
  return glyph;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Width of the text in font units, kerning applied. */
export function measureFrameText(text: string): number {
  const { kerning } = requireFont();
  let width = 0;
  let prev = '';
  for (const ch of text) {
    const glyph = glyphFor(ch);
    if (glyph) width += glyph.advance;
    if (prev) width += kerning[prev + ch] ?? 0;
    prev = ch;
  }
  return width;
}

/**
 * The text as one SVG path outline, centred on cx with capitals centred on cy.
 * capHeight is the drawn height of capital letters; maxWidth shrinks long texts to fit.
 */
export function frameTextPath(text: string, cx: number, cy: number, capHeight: number, maxWidth: number): string {
  // Codes of one size share their frame geometry, so the same label repeats: keep recent outlines.
  const key = `${text}\u0000${cx}\u0000${cy}\u0000${capHeight}\u0000${maxWidth}`;
  const cached = outlines.get(key);
  if (cached !== undefined) return cached;
  const d = layoutText(text, cx, cy, capHeight, maxWidth);
  if (outlines.size >= 256) outlines.delete(outlines.keys().next().value as string);
  outlines.set(key, d);
  return d;
}

const outlines = new Map<string, string>();

function layoutText(text: string, cx: number, cy: number, capHeight: number, maxWidth: number): string {
  const { capHeight: fontCapHeight, kerning } = requireFont();
  const units = measureFrameText(text);
  if (units === 0) return '';
  let scale = capHeight / fontCapHeight;
  if (units * scale > maxWidth) scale = maxWidth / units;
  const baseline = cy + (fontCapHeight * scale) / 2;
  let penX = cx - (units * scale) / 2;
  let d = '';
  let prev = '';
  for (const ch of text) {
    if (prev) penX += (kerning[prev + ch] ?? 0) * scale;
    prev = ch;
    const glyph = glyphFor(ch);
    if (!glyph) continue;
    for (const { op, args } of glyph.commands) {
      d += op;
      for (let i = 0; i < args.length; i += 2) {
        d += `${i ? ' ' : ''}${round2(penX + args[i]! * scale)} ${round2(baseline + args[i + 1]! * scale)}`;
      }
    }
    penX += glyph.advance * scale;
  }
  return d;
}
