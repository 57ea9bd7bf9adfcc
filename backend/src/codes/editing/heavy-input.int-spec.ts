import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ProjectionsService } from '../../projections/projections.service';
import { tableCrc32 } from '../../rendering/png-encoder';
import { RenderPool } from '../../rendering/render-pool';
import { TestClient } from '../../test-support/http';
import { lastEventPosition } from '../../test-support/last-event';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PNG_1x1, postMultipart, SVG_LOGO } from '../codes.test-kit';
import { until } from '../../test-support/until';

// ------------------------------------------------------------------------------ hostile files, built byte by byte

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(tableCrc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return chunk;
}

/** A PNG whose IHDR claims width x height (RGBA) over a few bytes of data: 68 bytes for the 100000 x 100000 bomb. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (JFIF, SOF0) claiming width x height, no scan data. */
function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF89a whose logical screen is width x height, with no frame. */
function gifHeader(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0x3b])]);
}

/** An extended WebP (VP8X) claiming width x height (up to 2^24 per side). */
function webpHeader(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(4 + chunk.length, 4);
  return Buffer.concat([riff, Buffer.from('WEBP', 'latin1'), chunk]);
}

const PNG_BOMB = pngHeader(100_000, 100_000);

/**
 * 1.6 KB of allow-listed drawing that keeps resvg busy for tens of seconds in one process (measured: 34 s here): a
 * 50-segment path repeated through five levels of eight `use` each (32768 copies). Filters are refused outright;
 * this is what is left for the render pool's time budget.
 */
function slowLogo(): Buffer {
  const points = Array.from({ length: 50 }, (_, i) => `${(i * 7) % 64} ${(i * 13) % 64}`).join('L');
  let body = `<defs><path id="g0" d="M0 0L${points}Z" fill="#123456"/>`;
  for (let depth = 1; depth <= 5; depth++)
    body += `<g id="g${depth}">${Array.from({ length: 8 }, (_, i) => `<use href="#g${depth - 1}" x="${i % 3}" y="${i % 5}"/>`).join(
      '',
    )}</g>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</defs><use href="#g5"/></svg>`);
}

async function decodeQr(png: Buffer): Promise<string[]> {
  const wasm = await readFile(join(require.resolve('zxing-wasm/reader'), '..', '..', '..', 'reader', 'zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  return (await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true })).map((result) => result.text);
}

describe('heavy input costs its sender: image limits and rendering off the event loop', () => {
  let app: TestApp;
  let client: TestClient;
  const logo = (data: Buffer, filename: string, contentType: string) =>
    postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://logo.example' }, [
      { name: 'logoFile', filename, contentType, data },
    ]);
  const galleryImage = (data: Buffer, filename: string, contentType: string) =>
    postMultipart(client, '/api/upload-image', { imageTitle: 'x' }, [{ name: 'imageFile', filename, contentType, data }]);

  beforeAll(async () => {
    // Logos at most 100 x 100, gallery images 200 x 200 here (defaults: 4096 x 4096 and 8192 x 8192); renders 3 s.
    app = await startTestApp({ MAX_LOGO_PIXELS: String(100 * 100), MAX_IMAGE_PIXELS: String(200 * 200), RENDER_TIMEOUT_MS: '3000' });
    client = new TestClient(app.url);
    await signUp(client);
  });
  afterAll(() => app.close());

  it(
    'refuses the 68-byte 100000 x 100000 PNG, and huge JPEG, GIF and WebP headers, as logo and as gallery image, before any ' + 'decode',
    async () => {
      expect(PNG_BOMB.length).toBe(68);
      const bombs: [Buffer, string, string][] = [
        [PNG_BOMB, 'bomb.png', 'image/png'],
        [jpegHeader(65_535, 65_535), 'bomb.jpg', 'image/jpeg'],
        [gifHeader(65_535, 65_535), 'bomb.gif', 'image/gif'],
        [webpHeader(16_384, 16_384), 'bomb.webp', 'image/webp'],
      ];
      for (const [data, filename, contentType] of bombs) {
        const asLogo = await logo(data, filename, contentType);
        expect([filename, asLogo.status, asLogo.body.errors]).toEqual([
          filename,
          400,
          { logoFile: 'The image is too large: at most 100 x 100 pixels' },
        ]);
        const asImage = await galleryImage(data, filename, contentType);
        expect([filename, asImage.status, asImage.body.errors]).toEqual([
          filename,
          400,
          { imageFile: 'The image is too large: at most 200 x 200 pixels' },
        ]);
      }
      // The same bomb inside an SVG logo as a data: URL never reaches a renderer either.
      const wrapped = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="10" height="10" ` +
          `href="data:image/png;base64,${PNG_BOMB.toString('base64')}"/></svg>`,
      );
      expect(wrapped.length).toBeLessThan(300);
      expect((await logo(wrapped, 'bomb.svg', 'image/svg+xml')).body.errors).toEqual({
        logoFile: 'SVG logos with embedded images are not allowed',
      });
      expect((await client.get('/api/qrcodes')).body.filter((code: { url?: string }) => code.url === 'https://logo.example')).toEqual([]);
    },
  );

  it('the pixel limits are separate for logos and gallery images; a header that cannot be read is refused', async () => {
    for (const [data, filename, contentType] of [
      [pngHeader(150, 150), 'a.png', 'image/png'],
      [jpegHeader(150, 150), 'a.jpg', 'image/jpeg'],
      [gifHeader(150, 150), 'a.gif', 'image/gif'],
      [webpHeader(150, 150), 'a.webp', 'image/webp'],
    ] as const) {
      expect((await logo(data, filename, contentType)).body.errors).toEqual({
        logoFile: 'The image is too large: at most 100 x 100 pixels',
      });
      const stored = await galleryImage(data, filename, contentType);
      expect([filename, stored.status]).toEqual([filename, 201]);
      expect((await client.get(stored.body.imageUrl)).buffer.equals(data)).toBe(true);
    }
    const accepted = await logo(pngHeader(100, 100), 'edge.png', 'image/png');
    expect(accepted.status).toBe(201);
    const truncated = await galleryImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]), 'cut.jpg', 'image/jpeg');
    expect(truncated.body.errors).toEqual({ imageFile: 'The image could not be read' });
  });

  it(
    'an SVG logo with a feTurbulence filter is refused; a clean SVG logo is rasterised, and a code with it downloads and ' + 'scans',
    async () => {
      const turbulence = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><filter id="f" x="-2" y="-2" width="5" height="5">' +
          '<feTurbulence baseFrequency="0.9" numOctaves="10"/></filter><rect width="600" height="600" filter="url(#f)"/></svg>',
      );
      expect((await logo(turbulence, 'noise.svg', 'image/svg+xml')).body.errors).toEqual({
        logoFile: 'SVG logos with filters are not allowed',
      });

      const created = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://clean-logo.example' }, [
        { name: 'logoFile', filename: 'instagram.svg', contentType: 'image/svg+xml', data: SVG_LOGO },
      ]);
      expect(created.status).toBe(201);
      const stored = await client.get(created.body.logoFilePath);
      expect(stored.headers['content-type']).toBe('image/png');
      expect([stored.buffer.readUInt32BE(16), stored.buffer.readUInt32BE(20)]).toEqual([512, 512]);
      const png = await client.get(`/api/qrcodes/${created.body.id}/download?format=png`);
      expect(png.status).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(await decodeQr(png.buffer)).toEqual(['https://clean-logo.example']);
    },
    60_000,
  );

  it('a download whose render fails (a bomb logo stored before the limits) answers 503, not 500, and the next download works', async () => {
    const created = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://old-logo.example' }, [
      { name: 'logoFile', filename: 'logo.png', contentType: 'image/png', data: PNG_1x1 },
    ]);
    expect(created.status).toBe(201);
    const storedName = `${created.body.logoFilePath.slice('/logo/'.length)}.png`;
    await writeFile(join(app.env.UPLOAD_DIR, storedName), PNG_BOMB);
    const failed = await client.get(`/api/qrcodes/${created.body.id}/download?format=png`);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('The service is briefly unavailable. Please try again in a moment.');
    const svg = await client.get(`/api/qrcodes/${created.body.id}/download?format=svg`);
    expect(svg.status).toBe(200);

    await writeFile(join(app.env.UPLOAD_DIR, storedName), PNG_1x1);
    const png = await client.get(`/api/qrcodes/${created.body.id}/download?format=png`);
    expect(png.status).toBe(200);
    expect(await decodeQr(png.buffer)).toEqual(['https://old-logo.example']);
  }, 60_000);

  it('while a hostile SVG logo renders, twenty GET /d/{shortCode} complete before its request ends (400: too complex)', async () => {
    const dynamic = await postMultipart(client, '/api/dynamic-qrcodes', {
      destination: 'https://scan.example',
      qrType: 'url',
      qrData: JSON.stringify({ url: 'https://scan.example' }),
    });
    expect(dynamic.status).toBe(201);
    const scanner = new TestClient(app.url);
    // /d/ reads the scan-targets projection (the create waited for the codes one only).
    const head = await lastEventPosition(app.app.get(DataSource));
    expect(await app.app.get(ProjectionsService).waitFor(head!, ['scan_targets'], 10_000)).toBe(true);
    expect((await scanner.get(`/d/${dynamic.body.shortCode}`)).status).toBe(302);

    const pool = app.app.get(RenderPool);
    const order: string[] = [];
    let hostileEnded = false;
    const hostile = logo(slowLogo(), 'slow.svg', 'image/svg+xml').finally(() => {
      hostileEnded = true;
      order.push('hostile');
    });
    // Wait until the logo is rendering: in a render process now. Before the pool, resvg ran on this very event loop
    // (the test shares the app's process), so nothing here ran again until the render was over.
    await until(() => hostileEnded || pool.load.running > 0, 'the slow logo rendering in a render process', 60_000);
    const scans = await Promise.all(
      Array.from({ length: 20 }, () =>
        scanner.get(`/d/${dynamic.body.shortCode}`).then((res) => {
          order.push('scan');
          return res.status;
        }),
      ),
    );
    const refused = await hostile;
    expect(scans).toEqual(Array(20).fill(302));
    expect(order).toEqual([...Array(20).fill('scan'), 'hostile']);
    expect([refused.status, refused.body.errors]).toEqual([400, { logoFile: 'This image is too complex to process' }]);
  }, 120_000);
});
