/// <reference path="./qrcode-core.d.ts" />
// The encoder only (not the package entry, whose browser build adds canvas and SVG renderers).
import { create } from 'qrcode/lib/core/qrcode';

export type ErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H';

export const EMPTY_INPUT_MESSAGE = 'No input text';
export const TOO_BIG_MESSAGE = 'The amount of data is too big to be stored in a QR Code';

/** The encoder's refusals, with the spec's exact texts; the API answers them with 400. */
export class QrEncodeError extends Error {
  readonly code: 'empty' | 'too_big';

  constructor(code: 'empty' | 'too_big') {
    super(code === 'empty' ? EMPTY_INPUT_MESSAGE : TOO_BIG_MESSAGE);
    this.name = 'QrEncodeError';
    this.code = code;
  }
}

/** H for display codes and whenever a logo covers modules; M for dynamic codes (short links) otherwise. */
export function chooseErrorCorrection(opts: { dynamic: boolean; hasLogo: boolean }): ErrorCorrectionLevel {
  if (opts.hasLogo) return 'H';
  return opts.dynamic ? 'M' : 'H';
}

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  version: number;
  errorCorrectionLevel: ErrorCorrectionLevel;
  maskPattern: number;
  /** size*size, row-major, 1 = dark. */
  dark: Uint8Array;
  /** size*size, 1 = function pattern (finder, separator, timing, alignment, format and version info). */
  reserved: Uint8Array;
}

/** Encodes text into a module matrix (versions 1 to 40, best of masks 0 to 7, chosen by the qrcode package). */
export function encodeMatrix(text: string, errorCorrectionLevel: ErrorCorrectionLevel = 'H'): QrMatrix {
  if (typeof text !== 'string' || text.length === 0) throw new QrEncodeError('empty');
  let symbol: ReturnType<typeof create>;
  try {
    symbol = create(text, { errorCorrectionLevel });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message === EMPTY_INPUT_MESSAGE) throw new QrEncodeError('empty');
    if (message === TOO_BIG_MESSAGE) throw new QrEncodeError('too_big');
    throw error;
  }
  return {
    size: symbol.modules.size,
    version: symbol.version,
    errorCorrectionLevel,
    maskPattern: Number(symbol.maskPattern),
    dark: symbol.modules.data,
    reserved: symbol.modules.reservedBit,
  };
}
