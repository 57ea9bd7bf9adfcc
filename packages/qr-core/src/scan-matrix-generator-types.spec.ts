// Issue 15, item 7: the types the generator gained (Plain Text, Wi-Fi, Events, SMS, Bitcoin) scan in every style.
// Each of the 216 style combinations draws each new type's short payload at both sizes (the 984 px download and
// the 328 px preview) and one near-capacity payload (rotating over the five); zxing-wasm must read every one exactly.
import { QR_TYPES, encodeMatrix, encodePayload, renderSvg, type QrType } from './index';
import { buildPayloads, decodeZxingWasm, makeLogoHref, prepareZxing, rasterise, styleMatrix } from '../test/scan-harness.cjs';
import { DISPLAY_MAX_VERSION, SIZES } from '../test/scan-matrix';

const NEW_TYPES: readonly QrType[] = ['text', 'wifi', 'events', 'sms', 'bitcoin'];

const qr = {
  encodePayload: (type: string, fields: Record<string, unknown>, ctx: { origin: string; id?: string }) =>
    encodePayload(type as QrType, fields, ctx),
  encodeMatrix,
};

describe('every style scans with the generator’s new types', () => {
  const cases = styleMatrix(makeLogoHref());
  const payloads = buildPayloads(qr, NEW_TYPES, DISPLAY_MAX_VERSION);
  const shorts = payloads.filter((p) => p.length === 'short');
  const longs = payloads.filter((p) => p.length !== 'short');

  beforeAll(async () => {
    await prepareZxing();
  });

  it('covers the five types, all of them qr-core types', () => {
    expect(shorts.map((p) => p.type)).toEqual(NEW_TYPES);
    for (const type of NEW_TYPES) expect(QR_TYPES).toContain(type);
    expect(cases).toHaveLength(216);
  });

  it.each(cases.map((c, i) => [c.name, c, i] as const))(
    '%s',
    async (_name, styleCase, index) => {
      const failures: string[] = [];
      for (const payload of [...shorts, longs[index % longs.length]!]) {
        const svg = renderSvg(payload.text, styleCase.style);
        for (const size of SIZES) {
          const read = await decodeZxingWasm(rasterise(svg, size));
          if (read !== payload.text)
            failures.push(`${payload.type} ${payload.length} @${size}px: got ${JSON.stringify(read?.slice(0, 40) ?? null)}`);
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
