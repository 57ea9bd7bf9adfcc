import { Resvg } from '@resvg/resvg-js';

/**
 * PNG from the renderer's SVG at `scale` times its width (spec: download scale 3).
 * Stand-in until backend/src/rendering/render-png.ts (owned by the qr-core work) lands; same signature.
 */
export function renderPng(svg: string, scale = 3): Buffer {
  const width = Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? 328);
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: Math.round(width * scale) }, font: { loadSystemFonts: false } }).render().asPng());
}
