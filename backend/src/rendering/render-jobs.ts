/** The spec's download scale: the 328 px preview becomes a 984 px PNG. */
export const DOWNLOAD_SCALE = 3;

/** What a render process is asked to do. Plain data: it crosses the process boundary. */
export type RenderJob =
  /** A qr-core SVG to PNG at `scale` times its size (downloads). */
  | { kind: 'png'; svg: string; scale: number }
  /** Any SVG (an uploaded logo, already sanitised) to a PNG `width` pixels wide. */
  | { kind: 'rasterise'; svg: string; width: number };
