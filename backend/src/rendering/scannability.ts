import { DEFAULT_RENDER_SIZE, type ErrorCorrectionLevel, type QrStyle } from '@qrsharks/qr-core';
import { DOWNLOAD_SCALE, type ScanReport } from './render-jobs';
import type { RenderPool } from './render-pool';

export type { ScanReport };

/** The print size the check reads codes at: the download's 984 px (the 328 px preview at scale 3). */
export const SCAN_CHECK_WIDTH = DEFAULT_RENDER_SIZE * DOWNLOAD_SCALE;

export interface ScanCheckInput {
  /** The text the code encodes. */
  payload: string;
  /** The code as qr-core rendered it (renderSvg / renderCode). */
  svg: string;
  /** The style it was rendered with (logo as a data: URL or null). */
  style: Partial<QrStyle>;
  errorCorrectionLevel: ErrorCorrectionLevel;
}

/**
 * Issue 35: would this code scan once printed? Two decoders (jsQR and zxing-wasm) read it at print size, and qr-core's
 * scanWarnings say in words what could stop it (contrast, a logo too large for the level, the quiet zone). Runs in a
 * render process, never on the event loop that answers scans; rejects with RenderError like any render. Batches call
 * it per row to list the rows that would not scan (report.scans false).
 */
export async function checkScannability(renders: RenderPool, input: ScanCheckInput): Promise<ScanReport> {
  const answer = await renders.run({
    kind: 'scan',
    svg: input.svg,
    text: input.payload,
    width: SCAN_CHECK_WIDTH,
    style: input.style,
    errorCorrectionLevel: input.errorCorrectionLevel,
  });
  return JSON.parse(answer.toString('utf8')) as ScanReport;
}
