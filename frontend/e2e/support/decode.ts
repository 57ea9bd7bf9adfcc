// Reads QR codes from downloaded PNGs with zxing-wasm; its .wasm comes from node_modules, never a CDN.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

export async function prepareDecoder(): Promise<void> {
  const wasmPath = path.join(path.dirname(require.resolve('zxing-wasm/reader')), '..', '..', 'reader', 'zxing_reader.wasm');
  const bytes = await readFile(wasmPath);
  await prepareZXingModule({
    overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    fireImmediately: true,
  });
}

export async function decodeQr(png: Uint8Array): Promise<string[]> {
  const results = await readBarcodes(png, { formats: ['QRCode'], tryHarder: true });
  return results.map((result) => result.text);
}
