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

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The codes drawn on a PDF's pages (uncompressed content streams): each is a square filled alone (its background and quiet
 * zone) followed by a fill of module rectangles; nothing else in the file is a rectangle.
 */
function codesOf(pdf: string): { page: number; square: Rect; modules: Rect[] }[] {
  const pages = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((match) => match[1]).filter((content) => / re\n/.test(content));
  const codes: { page: number; square: Rect; modules: Rect[] }[] = [];
  pages.forEach((content, page) => {
    const groups: Rect[][] = [[]];
    for (const line of content.split('\n')) {
      const rect = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(line.trim());
      if (rect) groups[groups.length - 1].push({ x: +rect[1], y: +rect[2], w: +rect[3], h: +rect[4] });
      else if (/^f\*?$/.test(line.trim())) groups.push([]);
    }
    for (let i = 0; i + 1 < groups.length; i++) {
      const [square] = groups[i];
      if (groups[i].length === 1 && Math.abs(square.w - square.h) < 0.01 && groups[i + 1].length > 10)
        codes.push({ page, square, modules: groups[i + 1] });
    }
  });
  return codes;
}

/** A drawn code rasterised from its rectangles (8 px a module, quiet zone kept), read by jsQR. */
function decodeDrawn(code: { square: Rect; modules: Rect[] }): string | null {
  const unit = Math.min(...code.modules.map((m) => m.h));
  const cells = Math.round(code.square.w / unit);
  const px = 8;
  const size = cells * px;
  const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const m of code.modules) {
    const col0 = Math.round((m.x - code.square.x) / unit);
    const row = Math.round((m.y - code.square.y) / unit);
    const span = Math.round(m.w / unit);
    for (let y = row * px; y < (row + 1) * px; y++)
      for (let x = col0 * px; x < (col0 + span) * px; x++) rgba.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
  }
  return jsQR(rgba, size, size)?.data ?? null;
}

/**
 * Exports of many codes (issue 35): a batch's ZIP holds a PNG and an SVG per code, named after the codes (safe, unique),
 * and every PNG decodes to its code's content; the print PDF puts each code in its layout cell as vector rectangles (no
 * image) with a quiet zone and a caption, and the drawn module grid decodes to the content. The same for a selection.
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
    batch = await until(async () => {
      const answer = batchAnswer.parse((await owner.get(`/api/batches/${id}`)).body);
      return answer.state === 'done' ? answer : null;
    }, 'the batch');
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

  it('print.pdf?layout=a4-3x8: each code in its cell as vector paths with a quiet zone and a caption; the grid decodes', async () => {
    const res = await owner.get(`/api/batches/${batch.id}/print.pdf?layout=a4-3x8`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.buffer.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).not.toContain('/Subtype /Image');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const codes = codesOf(pdf);
    expect(codes).toHaveLength(4);
    const layout = PRINT_LAYOUT['a4-3x8'];
    codes.forEach((code, index) => {
      const { square, cell } = cellGeometry(layout, index, true);
      expect(code.square.x).toBeCloseTo(square.x, 1);
      expect(code.square.y).toBeCloseTo(square.y, 1);
      expect(code.square.w).toBeCloseTo(square.side, 1);
      expect(code.square.x + code.square.w).toBeLessThanOrEqual(cell.x + cell.width);
      // The quiet zone: four modules (the QR specification's minimum) between the square's edge and the first module.
      const unit = Math.min(...code.modules.map((m) => m.h));
      expect(Math.min(...code.modules.map((m) => m.x)) - code.square.x).toBeCloseTo(4 * unit, 3);
      expect(Math.min(...code.modules.map((m) => m.y)) - code.square.y).toBeCloseTo(4 * unit, 3);
    });
    expect(codes.map(decodeDrawn)).toEqual(batch.codeIds.map((codeId) => contents.get(codeId)));
    for (const caption of ['Table 1', 'etc/passwd', 'Patio']) expect(pdfText(pdf)).toContain(caption);
    const bare = (await binary(owner.get(`/api/batches/${batch.id}/print.pdf?layout=a4-1&captions=false`))).toString('latin1');
    expect(bare.match(/\/Type \/Page\b/g)).toHaveLength(4);
    expect(pdfText(bare)).not.toContain('Patio');
    expect(codesOf(bare).map(decodeDrawn)).toEqual(batch.codeIds.map((codeId) => contents.get(codeId)));
  });

  it("a selection's ZIP and PDF (letter-3x10); someone else's codes are left out; bad input is 400", async () => {
    const [first, , , patio] = batch.codeIds;
    const zip = await unzip(await binary(owner.post('/api/dashboard/codes/export.zip', { ids: [patio, first], format: 'svg' })));
    expect(zip.map((e) => e.name)).toEqual(['Patio.svg', 'Table 1.svg']);
    const pdf = (await binary(owner.post('/api/dashboard/codes/print.pdf', { ids: [first, patio], layout: 'letter-3x10' }))).toString(
      'latin1',
    );
    const codes = codesOf(pdf);
    expect(codes.map(decodeDrawn)).toEqual([contents.get(first), contents.get(patio)]);
    expect(codes[1].square.x).toBeCloseTo(cellGeometry(PRINT_LAYOUT['letter-3x10'], 1, true).square.x, 1);
    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect(await unzip(await binary(stranger.post('/api/dashboard/codes/export.zip', { ids: [first] })))).toEqual([]);
    expect((await stranger.get(`/api/batches/${batch.id}/codes.zip`)).status).toBe(404);
    expect((await owner.post('/api/dashboard/codes/export.zip', { ids: [] })).status).toBe(400);
    expect((await owner.get(`/api/batches/${batch.id}/print.pdf?layout=a5`)).status).toBe(400);
    expect((await owner.get(`/api/batches/${batch.id}/codes.zip?format=gif`)).status).toBe(400);
  });
});

/** The text a PDF shows (pdfkit writes standard-font text as hex strings in TJ arrays). */
function pdfText(pdf: string): string {
  return [...pdf.matchAll(/\[([^\]]*)\] TJ/g)]
    .map((match) => [...match[1].matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''))
    .join('\n');
}
