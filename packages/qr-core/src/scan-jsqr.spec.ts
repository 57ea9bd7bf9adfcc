// Issue 35: jsQR reads the product's own finder shapes. Before, a circle centre in a square or rounded ring, a rounded
// centre in a square ring and circle dots at download size lost the finder search to chance patterns (bench/render:
// jsQR 80.6% at 984 px, 88.0% at 328 px). These styles, each with the payload bench/render gives it, failed then.
import { QR_TYPES, encodeMatrix, encodePayload, renderSvg, type QrType } from './index';
import { buildPayloads, decodeJsQr, makeLogoHref, rasterise, styleMatrix } from '../test/scan-harness.cjs';
import { DISPLAY_MAX_VERSION, SIZES } from '../test/scan-matrix';

const FORMERLY_UNREAD = [
  'square/square/circle/flat/logo/frame',
  'rounded/square/circle/flat/nologo/noframe',
  'circle/square/circle/flat/nologo/noframe',
  'circle/square/rounded/flat/nologo/noframe',
  'circle/rounded/circle/flat/nologo/noframe',
];

describe('jsQR reads the finder shapes the specs name', () => {
  const cases = styleMatrix(makeLogoHref());
  const payloads = buildPayloads(
    { encodePayload: (type: string, fields: Record<string, unknown>, ctx) => encodePayload(type as QrType, fields, ctx), encodeMatrix },
    QR_TYPES,
    DISPLAY_MAX_VERSION,
  );

  it.each(FORMERLY_UNREAD)('%s at 984 and 328 px', (name) => {
    const index = cases.findIndex((c) => c.name === name);
    const payload = payloads[index % payloads.length]!;
    const svg = renderSvg(payload.text, cases[index]!.style);
    expect(SIZES.map((size) => decodeJsQr(rasterise(svg, size)) === payload.text)).toEqual([true, true]);
  });
});
