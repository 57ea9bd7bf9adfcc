import type { ErrorCorrectionLevel, QrStyle, ScanWarning } from '@qrsharks/qr-core';

/** The spec's download scale: the 328 px preview becomes a 984 px PNG. */
export const DOWNLOAD_SCALE = 3;

/** What a render process is asked to do. Plain data: it crosses the process boundary. */
export type RenderJob =
  /** A qr-core SVG to PNG at `scale` times its size (downloads). */
  | { kind: 'png'; svg: string; scale: number }
  /** Any SVG (an uploaded logo, already sanitised) to a PNG `width` pixels wide. */
  | { kind: 'rasterise'; svg: string; width: number }
  /**
   * Does a qr-core SVG scan? Rasterised `width` pixels wide and read by jsQR and zxing-wasm, with qr-core's warnings
   * for `style` at `errorCorrectionLevel`; answers a ScanReport as JSON.
   */
  | { kind: 'scan'; svg: string; text: string; width: number; style: Partial<QrStyle>; errorCorrectionLevel: ErrorCorrectionLevel };

/** Whether a code scans at print size (a scan job's answer). */
export interface ScanReport {
  /** Both decoders read exactly the code's text. */
  scans: boolean;
  /** What each decoder did: read exactly the code's text. */
  decoders: { jsqr: boolean; zxing: boolean };
  /** The width the code was read at, in pixels (the download's). */
  width: number;
  /** What could stop it scanning once printed, in words a person understands. */
  warnings: ScanWarning[];
}
