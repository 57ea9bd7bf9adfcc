import { Resvg } from '@resvg/resvg-js';
import { encodePng } from './png-encoder';

/** What a render process is asked to do. Plain data: it crosses the process boundary. */
export type RenderJob =
  /** A qr-core SVG to PNG at `scale` times its size (downloads). */
  | { kind: 'png'; svg: string; scale: number }
  /** Any SVG (an uploaded logo, already sanitised) to a PNG `width` pixels wide. */
  | { kind: 'rasterise'; svg: string; width: number };

/** Runs one job. In the render processes only: resvg's work is CPU- and memory-heavy and cannot be interrupted. */
export function runRenderJob(job: RenderJob): Uint8Array {
  const fitTo = job.kind === 'png' ? ({ mode: 'zoom', value: job.scale } as const) : ({ mode: 'width', value: job.width } as const);
  // imageRendering 0 / shapeRendering 2: crisp module edges (optimizeQuality, geometricPrecision).
  const image = new Resvg(job.svg, { fitTo, font: { loadSystemFonts: false }, imageRendering: 0, shapeRendering: 2 }).render();
  return encodePng(image.pixels, image.width, image.height);
}
