/**
 * File names for a ZIP of codes (issue 35): from the codes' names, safe on every system (letters, digits, spaces, dots,
 * dashes and underscores; no leading dot; at most 80 characters) and unique in the archive (case-insensitively: "Menu",
 * "menu-2", "Menu-3").
 */
export class FileNames {
  private readonly taken = new Set<string>();

  /** A unique base name; the caller adds the extensions (a code's .svg and .png share it). */
  next(name: string): string {
    const base =
      name
        .normalize('NFC')
        .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
        .replace(/\s+/g, ' ')
        .replace(/-{2,}/g, '-')
        .replace(/^[\s.-]+|[\s.-]+$/g, '')
        .slice(0, 80)
        .trim() || 'code';
    let candidate = base;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${base}-${n}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** Print layouts (issue 35): page size in points, the grid, its margins (points) and the caption's size. */
export interface PrintLayout {
  size: [number, number];
  columns: number;
  rows: number;
  marginX: number;
  marginY: number;
  captionSize: number;
}

const MM = 72 / 25.4;
export const PRINT_LAYOUT: Record<'a4-3x8' | 'letter-3x10' | 'a4-1', PrintLayout> = {
  /** A4 sheets of 24 labels (3 × 8, 70 × 37 mm: the common A4 label sheet). */
  'a4-3x8': { size: [595.28, 841.89], columns: 3, rows: 8, marginX: 0, marginY: 4.5 * MM, captionSize: 7 },
  /** US Letter sheets of 30 labels (3 × 10, 2 5/8 × 1 in with the usual sheet's margins). */
  'letter-3x10': { size: [612, 792], columns: 3, rows: 10, marginX: 13.5, marginY: 36, captionSize: 6 },
  /** One large code per A4 page. */
  'a4-1': { size: [595.28, 841.89], columns: 1, rows: 1, marginX: 30 * MM, marginY: 40 * MM, captionSize: 16 },
};

/** Where each code of a layout's cell goes: its square (the quiet zone included) and its caption's box. */
export function cellGeometry(layout: PrintLayout, index: number, captions: boolean) {
  const perPage = layout.columns * layout.rows;
  const slot = index % perPage;
  const cellWidth = (layout.size[0] - 2 * layout.marginX) / layout.columns;
  const cellHeight = (layout.size[1] - 2 * layout.marginY) / layout.rows;
  const x0 = layout.marginX + (slot % layout.columns) * cellWidth;
  const y0 = layout.marginY + Math.floor(slot / layout.columns) * cellHeight;
  const pad = Math.min(cellWidth, cellHeight) * 0.04;
  const captionHeight = captions ? layout.captionSize * 1.4 : 0;
  const side = Math.min(cellWidth - 2 * pad, cellHeight - 2 * pad - captionHeight);
  return {
    page: Math.floor(index / perPage),
    firstOnPage: slot === 0,
    cell: { x: x0, y: y0, width: cellWidth, height: cellHeight },
    square: { x: x0 + (cellWidth - side) / 2, y: y0 + pad, side },
    caption: { x: x0 + pad, y: y0 + pad + side, width: cellWidth - 2 * pad, height: captionHeight },
  };
}
