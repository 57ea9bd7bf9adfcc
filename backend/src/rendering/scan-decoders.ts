import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * The two decoders of the scannability check (issue 35), the ones qr-core's "every code scans" specs use: jsQR (a
 * plain JavaScript reader, as in many web scanners) and zxing-wasm (ZXing-C++, as in most phone apps). Loaded by the
 * render processes only (render-png.ts): decoding a 984 px image takes tens of milliseconds of CPU.
 */
let prepared: Promise<unknown> | null = null;

function prepareZxing(): Promise<unknown> {
  // The .wasm from the installed package, never a CDN.
  prepared ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  return prepared;
}

export function readWithJsQr(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** Reads an encoded image (PNG): ZXing-C++ decodes it itself. */
export async function readWithZxing(png: Uint8Array): Promise<string | null> {
  await prepareZxing();
  const results = await readBarcodes(png, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  return results.length > 0 && results[0]!.isValid ? results[0]!.text : null;
}
