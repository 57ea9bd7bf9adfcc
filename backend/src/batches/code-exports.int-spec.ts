import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fromBuffer, type Entry } from 'yauzl';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { TestClient, type HttpResponse } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { batchAnswer, createdBatchAnswer, type BatchAnswer } from './batches.answers';
import { cellGeometry, PRINT_LAYOUT } from './export-files';

async function decodePng(png: Buffer): Promise<string[]> {
  const wasm = await readFile(join(require.resolve('zxing-wasm/reader'), '..', '..', '..', 'reader', 'zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  return (await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true })).map((result) => result.text);
}

/** The entries of a ZIP, in order, with their bytes. */
function unzip(zip: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: { name: string; bytes: Buffer }[] = [];
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** The content streams of a PDF's pages (pdfkit, uncompressed: each starts by flipping y). */
const pageContents = (pdf: string) =>
  [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((match) => match[1]).filter((content) => content.startsWith('1 0 0 -1 0 '));

/**
 * A page's fills as an SVG in page points (y down, as cellGeometry's): no PDF rasteriser is installed here, so the
 * content stream's path operators (m l c v y h re, q Q cm, colours, f f*) are replayed; text and images are left out.
 * Vector paths only: a code drawn as an image would be missing from it.
 */
function pageSvg(content: string, [width, height]: [number, number]): string {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const saved: Matrix[] = [];
  let operands: string[] = [];
  let path = '';
  let fill = '#000000';
  let inText = false;
  const shapes: string[] = [];
  const at = (x: string, y: string) => {
    const [px, py] = [+x, +y];
    return `${ctm[0] * px + ctm[2] * py + ctm[4]} ${height - (ctm[1] * px + ctm[3] * py + ctm[5])}`;
  };
  const hex = (parts: string[]) =>
    `#${parts
      .map((v) =>
        Math.round(+v * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  for (const token of content.split(/\s+/).filter(Boolean)) {
    if (inText) {
      if (token === 'ET') inText = false;
      continue;
    }
    const o = operands;
    switch (token) {
      case 'BT':
        inText = true;
        break;
      case 'q':
        saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop() ?? ctm;
        break;
      case 'cm':
        ctm = times(o.slice(-6).map(Number) as Matrix, ctm);
        break;
      case 'm':
        path += `M${at(o[0], o[1])}`;
        break;
      case 'l':
        path += `L${at(o[0], o[1])}`;
        break;
      case 'c':
        path += `C${at(o[0], o[1])} ${at(o[2], o[3])} ${at(o[4], o[5])}`;
        break;
      case 'h':
        path += 'Z';
        break;
      case 're': {
        const [x, y, w, h] = o.map(Number);
        path += `M${at(`${x}`, `${y}`)}L${at(`${x + w}`, `${y}`)}L${at(`${x + w}`, `${y + h}`)}L${at(`${x}`, `${y + h}`)}Z`;
        break;
      }
      case 'rg':
      case 'scn':
      case 'sc':
        if (o.length >= 3 && !o.some((v) => v.startsWith('/'))) fill = hex(o.slice(-3));
        break;
      case 'f':
      case 'F':
      case 'f*':
        shapes.push(`<path fill="${fill}" fill-rule="${token === 'f*' ? 'evenodd' : 'nonzero'}" d="${path}"/>`);
        path = '';
        break;
      case 'n':
        path = '';
        break;
      default:
        if (/^[-\d.]+$/.test(token) || token.startsWith('/') || token.startsWith('[') || token.startsWith('<')) {
          operands.push(token);
          continue;
        }
    }
    operands = [];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${shapes.join('')}</svg>`;
}

/** One cell's square of a page rasterised from its vector paths (about 8 px a module): its pixels and a PNG of it. */
function cellImage(svg: string, square: { x: number; y: number; side: number }) {
  const cropped = svg.replace(/viewBox="[^"]*"/, `viewBox="${square.x} ${square.y} ${square.side} ${square.side}"`);
  const image = new Resvg(cropped, { fitTo: { mode: 'width', value: 480 }, background: '#ffffff' }).render();
  return { pixels: new Uint8ClampedArray(image.pixels), size: image.width, png: Buffer.from(image.asPng()) };
}

/** Each code of a PDF, read from its layout cell by jsQR and zxing-wasm (both must agree). */
async function decodeCells(pdf: string, layoutName: keyof typeof PRINT_LAYOUT, count: number, captions = true) {
  const layout = PRINT_LAYOUT[layoutName];
  const pages = pageContents(pdf).map((content) => pageSvg(content, layout.size));
  const read: (string | null)[] = [];
  for (let index = 0; index < count; index++) {
    const geometry = cellGeometry(layout, index, captions);
    const cell = cellImage(pages[geometry.page], geometry.square);
    const jsqr = jsQR(cell.pixels, cell.size, cell.size)?.data ?? null;
    const [zxing] = await decodePng(cell.png);
    read.push(jsqr === zxing ? jsqr : `jsQR ${jsqr} / zxing ${zxing}`);
  }
  return { read, pages };
}

/** A batch once done (a 404 first: the 202 may come before the read model has it, on a loaded machine). */
const finished = (client: TestClient, id: string) =>
  until(
    async () => {
      const res = await client.get(`/api/batches/${id}`);
      if (res.status === 404) return null;
      const answer = batchAnswer.parse(res.body);
      return answer.state === 'done' ? answer : null;
    },
    'the batch',
    60_000,
  );

jest.setTimeout(120_000);

/**
 * Exports of many codes (issue 35): a batch's ZIP holds a PNG and an SVG per code, named after the codes (safe, unique),
 * and every PNG decodes to its code's content; the print PDF puts each code in its layout cell as its styled vector paths
 * (no image) with a quiet zone and a caption in an embedded font, and each cell rasterised from its paths decodes. The same
 * for a selection.
 */
describe('exports: ZIP and print PDF of a batch or a selection', () => {
  let app: TestApp;
  let owner: TestClient;
  let batch: BatchAnswer;
  let contents: Map<string, string>;

  const binary = async (res: Promise<HttpResponse>) => {
    const answer = await res;
    expect(answer.status).toBe(200);
    return answer.buffer;
  };

  beforeAll(async () => {
    app = await startTestApp();
    owner = new TestClient(app.url);
    await signUp(owner);
    const rows = [
      { qrType: 'url', name: 'Table 1', url: 'https://menu.example/1' },
      { qrType: 'text', name: 'Table 1', text: 'Second table one' },
      { qrType: 'url', name: '../etc/passwd', url: 'https://menu.example/3', style: { foregroundColor: '#1a237e', dotShape: 'circle' } },
      { qrType: 'url', name: 'Patio', dynamic: true, url: 'https://menu.example/patio' },
    ];
    const { id } = createdBatchAnswer.parse((await owner.post('/api/batches', { name: 'Menus', rows })).body);
    batch = await finished(owner, id);
    expect(batch.created).toBe(4);
    contents = new Map();
    for (const codeId of batch.codeIds) contents.set(codeId, String((await owner.get(`/api/dashboard/codes/${codeId}`)).body.content));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('codes.zip?format=both: an SVG and a PNG per code, safe unique names, every PNG decodes to its content', async () => {
    const res = await owner.get(`/api/batches/${batch.id}/codes.zip?format=both`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('Menus.zip');
    const entries = await unzip(res.buffer);
    const names = ['Table 1', 'Table 1-2', 'etc-passwd', 'Patio'];
    expect(entries.map((e) => e.name)).toEqual(names.flatMap((name) => [`${name}.svg`, `${name}.png`]));
    const expected = batch.codeIds.map((codeId) => contents.get(codeId));
    const pngs = entries.filter((e) => e.name.endsWith('.png'));
    expect(await Promise.all(pngs.map((e) => decodePng(e.bytes)))).toEqual(expected.map((content) => [content]));
    for (const svg of entries.filter((e) => e.name.endsWith('.svg'))) expect(svg.bytes.toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const pngOnly = await unzip(await binary(owner.get(`/api/batches/${batch.id}/codes.zip`)));
    expect(pngOnly.map((e) => e.name)).toEqual(names.map((name) => `${name}.png`));
  });

  it('print.pdf?layout=a4-3x8: each code in its cell as its styled vector paths with a quiet zone; they decode', async () => {
    const res = await owner.get(`/api/batches/${batch.id}/print.pdf?layout=a4-3x8`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.buffer.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).not.toContain('/Subtype /Image');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const { read, pages } = await decodeCells(pdf, 'a4-3x8', batch.codeIds.length);
    expect(read).toEqual(batch.codeIds.map((codeId) => contents.get(codeId)));
    const layout = PRINT_LAYOUT['a4-3x8'];
    batch.codeIds.forEach((_, index) => {
      const { square, cell } = cellGeometry(layout, index, true);
      expect(square.x + square.side).toBeLessThanOrEqual(cell.x + cell.width);
      const { pixels, size } = cellImage(pages[0], square);
      // The quiet zone: the outer 6% of the square (under the 4 modules of a 41-module code) is all background.
      const band = Math.floor(size * 0.06);
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++)
          if (x < band || y < band || x >= size - band || y >= size - band) expect(pixels[(y * size + x) * 4]).toBeGreaterThan(200);
    });
    // The third code's style: dark blue circle dots, drawn as curves (a module grid would be rectangles only).
    const third = cellImage(pages[0], cellGeometry(layout, 2, true).square);
    let darkest = [255, 255, 255];
    for (let i = 0; i < third.pixels.length; i += 4)
      if (third.pixels[i] + third.pixels[i + 1] + third.pixels[i + 2] < darkest[0] + darkest[1] + darkest[2])
        darkest = [third.pixels[i], third.pixels[i + 1], third.pixels[i + 2]];
    expect(darkest).toEqual([0x1a, 0x23, 0x7e]);
    expect(pageContents(pdf)[0].match(/ c\n/g)?.length).toBeGreaterThan(500);
    expect(pdfText(pdf).split('\n')).toEqual(['Table 1', 'Table 1', '../etc/passwd', 'Patio']);
    const bare = (await binary(owner.get(`/api/batches/${batch.id}/print.pdf?layout=a4-1&captions=false`))).toString('latin1');
    expect(bare.match(/\/Type \/Page\b/g)).toHaveLength(4);
    expect(pdfText(bare)).toBe('');
    const onePerPage = pageContents(bare).map((content) => pageSvg(content, PRINT_LAYOUT['a4-1'].size));
    for (const [index, page] of onePerPage.entries()) {
      const cell = cellImage(page, cellGeometry(PRINT_LAYOUT['a4-1'], index, false).square);
      expect(jsQR(cell.pixels, cell.size, cell.size)?.data).toBe(contents.get(batch.codeIds[index]));
    }
  });

  it('prints names in any script with an embedded subset of DejaVu Sans; frames and logos print as drawn', async () => {
    const rows = [
      { qrType: 'url', name: 'Столик 1', url: 'https://menu.example/ru' },
      { qrType: 'url', name: 'Τραπέζι 2 · Ørsted', url: 'https://menu.example/gr', style: { enableFrame: true, frameText: 'SCAN ME' } },
    ];
    const { id } = createdBatchAnswer.parse((await owner.post('/api/batches', { name: 'Scripts', rows })).body);
    const made = await finished(owner, id);
    const pdf = (await binary(owner.get(`/api/batches/${id}/print.pdf`))).toString('latin1');
    expect(pdfText(pdf).split('\n')).toEqual(['Столик 1', 'Τραπέζι 2 · Ørsted']);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(pdf).not.toContain('/Helvetica');
    // A subset: the whole font is 740 kB.
    expect(pdf.length).toBeLessThan(120_000);
    const { read } = await decodeCells(pdf, 'a4-3x8', 2);
    expect(read).toEqual(['https://menu.example/ru', 'https://menu.example/gr']);
    const page = pageContents(pdf).map((content) => pageSvg(content, PRINT_LAYOUT['a4-3x8'].size))[0];
    // Left of the frame's text, in its band under the code: the frame's colour (black); the same spot of the unframed
    // code is its quiet zone (white).
    const spot = (index: number) => {
      const cell = cellImage(page, cellGeometry(PRINT_LAYOUT['a4-3x8'], index, true).square);
      return cell.pixels[(Math.floor(cell.size * 0.92) * cell.size + Math.floor(cell.size * 0.25)) * 4];
    };
    expect(spot(1)).toBeLessThan(60);
    expect(spot(0)).toBeGreaterThan(200);
    expect(made.codeIds).toHaveLength(2);
  });

  it("a selection's ZIP and PDF (letter-3x10); someone else's codes are left out; bad input is 400", async () => {
    const [first, , , patio] = batch.codeIds;
    const zip = await unzip(await binary(owner.post('/api/dashboard/codes/export.zip', { ids: [patio, first], format: 'svg' })));
    expect(zip.map((e) => e.name)).toEqual(['Patio.svg', 'Table 1.svg']);
    const pdf = (await binary(owner.post('/api/dashboard/codes/print.pdf', { ids: [first, patio], layout: 'letter-3x10' }))).toString(
      'latin1',
    );
    expect((await decodeCells(pdf, 'letter-3x10', 2)).read).toEqual([contents.get(first), contents.get(patio)]);
    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect(await unzip(await binary(stranger.post('/api/dashboard/codes/export.zip', { ids: [first] })))).toEqual([]);
    expect((await stranger.get(`/api/batches/${batch.id}/codes.zip`)).status).toBe(404);
    expect((await owner.post('/api/dashboard/codes/export.zip', { ids: [] })).status).toBe(400);
    expect((await owner.get(`/api/batches/${batch.id}/print.pdf?layout=a5`)).status).toBe(400);
    expect((await owner.get(`/api/batches/${batch.id}/codes.zip?format=gif`)).status).toBe(400);
  });
});

/**
 * The text a PDF shows, a line per text object: the captions' embedded font writes glyph ids (4 hex digits) in TJ
 * arrays, mapped back to Unicode by its ToUnicode CMap (bfrange arrays, as pdfkit writes them).
 */
function pdfText(pdf: string): string {
  const unicode = new Map<number, string>();
  for (const range of pdf.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
    const start = parseInt(range[1], 16);
    [...range[2].matchAll(/<([0-9a-f]+)>/gi)].forEach((value, offset) =>
      unicode.set(start + offset, String.fromCharCode(...(value[1].match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)))),
    );
  }
  return [...pdf.matchAll(/BT\n([\s\S]*?)\nET/g)]
    .map((block) =>
      [...block[1].matchAll(/\[([^\]]*)\] TJ/g)]
        .flatMap((tj) => [...tj[1].matchAll(/<([0-9a-f]*)>/gi)].map((hex) => hex[1]))
        .map((hex) => (hex.match(/.{4}/g) ?? []).map((glyph) => unicode.get(parseInt(glyph, 16)) ?? '?').join(''))
        .join(''),
    )
    .join('\n');
}
