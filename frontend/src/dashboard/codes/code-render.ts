// A saved code drawn in the browser by qr-core with the options the server's download uses (renderCode in
// backend/src/codes/generator/code-rendering.ts: the stored style, the stored error correction level, the default size), so
// the card shows exactly the modules the PNG/SVG download will have. The logo is linked by its same-origin URL here;
// the download embeds the same image as a data: URL.
import { loadFrameFont, renderSvg, type ErrorCorrectionLevel, type QrStyle } from '@qrsharks/qr-core/browser';
import type { DashboardCode } from '../data-provider';

export function codeStyle(code: DashboardCode): Partial<QrStyle> {
  return {
    fgColor: code.fgColor,
    bgColor: code.bgColor,
    gradientColor: code.gradientColor,
    dotShape: code.dotShape as QrStyle['dotShape'],
    cornerShape: code.cornerShape as QrStyle['cornerShape'],
    innerCornerShape: code.innerCornerShape as QrStyle['innerCornerShape'],
    outerCornerColor: code.outerCornerColor,
    innerCornerColor: code.innerCornerColor,
    logo: code.logoFilePath ? { href: code.logoFilePath } : null,
    enableFrame: code.enableFrame,
    frameText: code.frameText,
    frameColor: code.frameColor,
    frameTextColor: code.frameTextColor,
    frameStyle: code.frameStyle as QrStyle['frameStyle'],
  };
}

/** The code's SVG, or null when it cannot be drawn (no content; a renderer refusal is not the card's to crash on). */
export function renderCodeSvg(code: DashboardCode): string | null {
  if (!code.content) return null;
  try {
    return renderSvg(code.content, codeStyle(code), { errorCorrectionLevel: code.errorCorrectionLevel as ErrorCorrectionLevel });
  } catch {
    return null;
  }
}

/** Framed codes need the frame font (its own chunk) before they can be drawn. */
export function needsFrameFont(codes: readonly DashboardCode[]): boolean {
  return codes.some((code) => code.enableFrame);
}

export { loadFrameFont };
