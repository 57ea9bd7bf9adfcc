import { contrastRatio, MIN_SCAN_CONTRAST, parseHexColor } from './contrast';
import { encodeMatrix, type ErrorCorrectionLevel, type QrMatrix } from './matrix';
import { logoBox, QUIET_ZONE } from './render-svg';
import { resolveStyle, type QrStyle } from './style';

/** Contrast below this (WCAG ratio) is rendered but warned about: printing and phone cameras lose some of it. */
export const WARN_SCAN_CONTRAST = 4.5;
/** A scanner needs at least this many empty modules around the code; four is the standard's own. */
export const MIN_QUIET_ZONE = 4;
/** About the share of codewords each level restores. */
export const CORRECTABLE_SHARE: Readonly<Record<ErrorCorrectionLevel, number>> = { L: 0.07, M: 0.15, Q: 0.25, H: 0.3 };

export type ScanWarningCode = 'low-contrast' | 'logo-too-large' | 'quiet-zone-too-small';

export interface ScanWarning {
  code: ScanWarningCode;
  /** The style field to change, when one is to blame. */
  field?: string;
  /** A sentence for a person, saying what to change. */
  message: string;
}

export interface ScanWarningOptions {
  /** The level the code is encoded at (the renderer forces H with a logo). Default H. */
  errorCorrectionLevel?: ErrorCorrectionLevel;
  /** Empty modules around the code; our renderer always keeps QUIET_ZONE. */
  quietZone?: number;
  /** Share of the data modules a logo covers, when it is not the renderer's own bounded box. */
  logoShare?: number;
}

const COLOUR_LABELS: Record<string, string> = {
  fgColor: 'QR colour',
  gradientColor: 'second colour',
  outerCornerColor: 'corner colour',
  innerCornerColor: 'centre colour',
};

function logoShareOf(matrix: QrMatrix): number {
  let data = 0;
  for (let i = 0; i < matrix.reserved.length; i++) if (!matrix.reserved[i]) data++;
  const box = logoBox(matrix);
  return (box.side * box.side) / data;
}

/**
 * Warnings a person understands about what could stop a code from scanning once printed: colours too close to
 * the background, a logo covering more than its error-correction level restores, a quiet zone narrower than four
 * modules. Pure and cheap (no decoding): the generator runs it on every change, the server with every render.
 */
export function scanWarnings(text: string, style?: Partial<QrStyle>, options: ScanWarningOptions = {}): ScanWarning[] {
  const s = resolveStyle(style);
  const warnings: ScanWarning[] = [];
  const bg = parseHexColor(s.bgColor, 'bgColor');
  for (const field of ['fgColor', 'gradientColor', 'outerCornerColor', 'innerCornerColor'] as const) {
    const colour = s[field];
    if (!colour) continue;
    const ratio = contrastRatio(parseHexColor(colour, field), bg);
    if (ratio >= MIN_SCAN_CONTRAST && ratio < WARN_SCAN_CONTRAST) {
      warnings.push({
        code: 'low-contrast',
        field,
        message:
          `The ${COLOUR_LABELS[field]} ${colour} is close to the background ${s.bgColor} (contrast ${ratio.toFixed(1)}:1). ` +
          `Printed or on a dim screen some phones may not read it: choose a darker colour or a lighter background ` +
          `(at least ${WARN_SCAN_CONTRAST}:1).`,
      });
    }
  }
  if (s.logo) {
    const level: ErrorCorrectionLevel = options.errorCorrectionLevel ?? 'H';
    const share = options.logoShare ?? logoShareOf(encodeMatrix(text, 'H'));
    // A covered module spoils its whole codeword: about 1.5 codewords' worth per module share; keep half in reserve.
    if (share * 1.5 > CORRECTABLE_SHARE[level] / 2) {
      warnings.push({
        code: 'logo-too-large',
        field: 'logo',
        message:
          `The logo covers about ${Math.round(share * 100)}% of the code, more than error correction level ${level} can ` +
          `safely make up for. Use a smaller logo or a higher error correction level.`,
      });
    }
  }
  const quiet = options.quietZone ?? QUIET_ZONE;
  if (quiet < MIN_QUIET_ZONE) {
    warnings.push({
      code: 'quiet-zone-too-small',
      message:
        `The empty margin around the code is ${quiet} module${quiet === 1 ? '' : 's'} wide; scanners need ` +
        `${MIN_QUIET_ZONE}. Leave more blank space around the code when you place it on your design.`,
    });
  }
  return warnings;
}
