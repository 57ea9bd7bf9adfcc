import { Resvg } from '@resvg/resvg-js';
import { scanWarnings, type ErrorCorrectionLevel, type QrStyle } from '@qrsharks/qr-core';
import { encodePng } from './png-encoder';
import { DOWNLOAD_SCALE, type RenderJob, type ScanReport } from './render-jobs';
import { readWithJsQr, readWithZxing } from './scan-decoders';

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

/**
 * Does the code scan at print size? Rasterised as the download is (crisp edges, `width` pixels wide) and read by both
 * decoders, each of which must read exactly `text`; with qr-core's warnings for the style.
 */
export async function scanCheck(
  svg: string,
  text: string,
  width: number,
  style: Partial<QrStyle>,
  errorCorrectionLevel: ErrorCorrectionLevel,
): Promise<ScanReport> {
  if (!(width > 0) || !Number.isFinite(width)) throw new RangeError(`Scan width must be a positive number, got ${width}`);
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
    imageRendering: 0,
    shapeRendering: 2,
  }).render();
  const rgba = new Uint8ClampedArray(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  const jsqr = readWithJsQr(rgba, image.width, image.height) === text;
  const zxing = (await readWithZxing(encodePng(image.pixels, image.width, image.height))) === text;
  const warnings = scanWarnings(text, style, { errorCorrectionLevel });
  return { scans: jsqr && zxing, decoders: { jsqr, zxing }, width: image.width, warnings };
}

/** Runs one job of a render process: image jobs answer a PNG, a scan job its ScanReport as JSON bytes. */
export async function runRenderJob(job: RenderJob): Promise<Uint8Array> {
  if (job.kind === 'scan') {
    const report = await scanCheck(job.svg, job.text, job.width, job.style, job.errorCorrectionLevel);
    return Buffer.from(JSON.stringify(report));
  }
  if (job.kind === 'png') return renderPng(job.svg, job.scale);
  if (!(job.width > 0) || !Number.isFinite(job.width)) throw new RangeError(`PNG width must be a positive number, got ${job.width}`);
  return rasterise(job.svg, { mode: 'width', value: job.width });
}
