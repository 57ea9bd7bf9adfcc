import { Resvg } from '@resvg/resvg-js';
import { encodePng } from './png-encoder';
import { DOWNLOAD_SCALE, type RenderJob } from './render-jobs';

export { DOWNLOAD_SCALE };

/**
 * resvg, for the render processes only (render-process.ts): its work is CPU- and memory-heavy and cannot be
 * interrupted, so the server never calls it on the event loop that answers /d/ (render-isolation.spec.ts checks).
 * Frame text is already path outlines, so no font is loaded; logos must be data: URLs (resvg fetches nothing).
 * imageRendering 0 / shapeRendering 2: crisp module edges (optimizeQuality, geometricPrecision).
 */
function rasterise(svg: string, fitTo: { mode: 'zoom'; value: number } | { mode: 'width'; value: number }): Buffer {
  const image = new Resvg(svg, { fitTo, font: { loadSystemFonts: false }, imageRendering: 0, shapeRendering: 2 }).render();
  return encodePng(image.pixels, image.width, image.height);
}

/** A qr-core SVG to PNG at `scale` times its width/height attributes. */
export function renderPng(svg: string, scale = DOWNLOAD_SCALE): Buffer {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`PNG scale must be a positive number, got ${scale}`);
  return rasterise(svg, { mode: 'zoom', value: scale });
}

/** Runs one job of a render process. */
export function runRenderJob(job: RenderJob): Uint8Array {
  if (job.kind === 'png') return renderPng(job.svg, job.scale);
  if (!(job.width > 0) || !Number.isFinite(job.width)) throw new RangeError(`PNG width must be a positive number, got ${job.width}`);
  return rasterise(job.svg, { mode: 'width', value: job.width });
}
