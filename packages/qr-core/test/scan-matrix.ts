import { QR_TYPES, encodeMatrix, encodePayload, renderSvg, type QrType } from '../src/index';
import {
  buildPayloads,
  decodeJsQr,
  decodeZxingLibrary,
  decodeZxingWasm,
  makeLogoHref,
  prepareZxing,
  rasterise,
  styleMatrix,
  type Payload,
} from './scan-harness.cjs';

/** The download size (328 x 3) and the on-screen size. */
export const SIZES = [984, 328] as const;
/** Largest version drawn at 328 px with at least about 2.6 px per module, frame included. */
export const DISPLAY_MAX_VERSION = 20;

const qr = {
  encodePayload: (type: string, fields: Record<string, unknown>, ctx: { origin: string; id?: string }) =>
    encodePayload(type as QrType, fields, ctx),
  encodeMatrix,
};

/**
 * Every style combination whose dot shape is dotShape (72 of the 216), each rendered with a short
 * payload and a near-capacity one (rotating over the 15 types so each payload recurs in every file),
 * at 984 and 328 px, and a full level-H capacity (version 40) payload at 984 px.
 * zxing-wasm must read every one exactly; the weaker decoders' shares are printed.
 */
export function describeScanMatrix(dotShape: 'square' | 'circle' | 'rounded'): void {
  describe(`every code scans: ${dotShape} dots`, () => {
    const logoHref = makeLogoHref();
    const cases = styleMatrix(logoHref);
    const offset = cases.findIndex((c) => c.style.dotShape === dotShape);
    const mine = cases.filter((c) => c.style.dotShape === dotShape);
    const display = buildPayloads(qr, QR_TYPES, DISPLAY_MAX_VERSION);
    const full = buildPayloads(qr, QR_TYPES, 40).filter((p) => p.length !== 'short');
    const shorts = display.filter((p) => p.length === 'short');
    const longs = display.filter((p) => p.length !== 'short');
    const shares = new Map<string, { attempts: number; jsqr: number; zxingLibrary: number }>();

    beforeAll(async () => {
      await prepareZxing();
    });

    afterAll(() => {
      let jsqr = 0;
      let lib = 0;
      let attempts = 0;
      const lines = [
        `\n[scan matrix, ${dotShape} dots] share read at 328 px by the weaker decoders (jsQR, @zxing/library), per style (short + ` +
          `near-capacity payload):`,
      ];
      for (const [name, s] of shares) {
        jsqr += s.jsqr;
        lib += s.zxingLibrary;
        attempts += s.attempts;
        lines.push(`  ${name.padEnd(46)} jsQR ${s.jsqr}/${s.attempts}  @zxing/library ${s.zxingLibrary}/${s.attempts}`);
      }
      lines.push(
        `  all ${dotShape}: jsQR ${jsqr}/${attempts} (${((100 * jsqr) / attempts).toFixed(1)}%), ` +
          `@zxing/library ${lib}/${attempts} (${((100 * lib) / attempts).toFixed(1)}%)\n`,
      );
      process.stdout.write(`${lines.join('\n')}\n`);
    });

    it('builds near-capacity payloads at the intended versions', () => {
      for (const p of longs) expect(p.version).toBe(DISPLAY_MAX_VERSION);
      // pdf and image links grow only through their id; every other type through its own text.
      for (const p of full) expect(p.version).toBe(40);
    });

    it.each(mine.map((c, i) => [c.name, c, offset + i] as const))(
      '%s',
      async (_name, styleCase, index) => {
        const picked: Payload[] = [shorts[index % shorts.length]!, longs[(index * 7 + 3) % longs.length]!];
        const failures: string[] = [];
        const share = { attempts: 0, jsqr: 0, zxingLibrary: 0 };
        for (const payload of picked) {
          const svg = renderSvg(payload.text, styleCase.style);
          for (const size of SIZES) {
            const raster = rasterise(svg, size);
            const read = await decodeZxingWasm(raster);
            if (read !== payload.text)
              failures.push(`${payload.type} ${payload.length} @${size}px: got ${JSON.stringify(read?.slice(0, 40) ?? null)}`);
            // The weaker decoders are a figure, not an assertion; they run at the on-screen size only,
            // which is the harder one for them and keeps the suite's run time in bounds.
            if (size === 328) {
              share.attempts++;
              if (decodeJsQr(raster) === payload.text) share.jsqr++;
              if (decodeZxingLibrary(raster) === payload.text) share.zxingLibrary++;
            }
          }
        }
        const big = full[index % full.length]!;
        const bigRead = await decodeZxingWasm(rasterise(renderSvg(big.text, styleCase.style), 984));
        if (bigRead !== big.text) failures.push(`${big.type} full capacity v40 @984px`);
        shares.set(styleCase.name, share);
        expect(failures).toEqual([]);
      },
      60_000,
    );
  });
}
