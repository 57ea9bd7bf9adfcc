import { Resvg } from '@resvg/resvg-js';
import { encodePng } from './png-encoder';

/** The spec's download scale: the 328 px preview becomes a 984 px PNG. */
export const DOWNLOAD_SCALE = 3;

/**
 * Rasterises a qr-core SVG to PNG at `scale` times its width/height attributes.
 * Frame text is already path outlines, so no font is loaded; logos must be data: URLs
 * (resvg fetches nothing), which is how the QR services should pass them.
 */
export function renderPng(svg: string, scale = DOWNLOAD_SCALE): Buffer {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`PNG scale must be a positive number, got ${scale}`);
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { loadSystemFonts: false },
    imageRendering: 0,
    shapeRendering: 2,
  });
  const image = resvg.render();
  return encodePng(image.pixels, image.width, image.height);
}
