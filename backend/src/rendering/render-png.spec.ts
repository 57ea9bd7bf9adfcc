import { renderSvg } from '@qrsharks/qr-core';
import { DOWNLOAD_SCALE, renderPng } from './render-png';

/** Width and height from the PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('renderPng', () => {
  const text = 'https://qrsharks.example/d/abc123';

  it('renders the 328 px code at the download scale 3 as a 984 px PNG', () => {
    expect(DOWNLOAD_SCALE).toBe(3);
    expect(pngSize(renderPng(renderSvg(text)))).toEqual({ width: 984, height: 984 });
  });

  it('keeps the frame aspect ratio and honours another scale', () => {
    const svg = renderSvg(text, { enableFrame: true, dotShape: 'rounded', gradientColor: '#ff00ff' });
    const [, w, h] = /width="([\d.]+)" height="([\d.]+)"/.exec(svg)!;
    const size = pngSize(renderPng(svg, 2));
    expect(size.width).toBe(Number(w) * 2);
    expect(size.height).toBe(Math.round(Number(h) * 2));
  });

  it('draws the frame text without any system font (outlines only)', () => {
    const withText = renderPng(renderSvg(text, { enableFrame: true, frameText: 'SCAN ME' }));
    const withoutText = renderPng(renderSvg(text, { enableFrame: true, frameText: '' }));
    expect(withText.equals(withoutText)).toBe(false);
  });

  it('refuses a nonsense scale', () => {
    expect(() => renderPng(renderSvg(text), 0)).toThrow(RangeError);
  });
});

describe('encodePng', () => {
  it('writes a PNG that resvg reads back pixel for pixel', () => {
    const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js');

    const { encodePng } = require('./png-encoder') as typeof import('./png-encoder');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="7" height="5"><rect width="7" height="5" fill="#fff"/><rect x="1" y="1" width="3" ' +
      'height="2" fill="#123456"/></svg>';
    const source = new Resvg(svg).render();
    const png = encodePng(source.pixels, source.width, source.height);
    const back = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="7" height="5"><image width="7" height="5" ` +
        `href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
    ).render();
    expect(back.width).toBe(7);
    expect(Buffer.from(back.pixels).equals(Buffer.from(source.pixels))).toBe(true);
  });

  it('writes every chunk with a correct CRC-32 (checked with the table implementation)', () => {
    const { encodePng, tableCrc32 } = require('./png-encoder') as typeof import('./png-encoder');
    expect(tableCrc32(Buffer.from('123456789'))).toBe(0xcbf43926); // the CRC-32 check value
    const pixels = new Uint8Array(6 * 4 * 3).map((_, i) => (i * 37) & 0xff);
    const png = encodePng(pixels, 6, 3);
    const names: string[] = [];
    for (let at = 8; at < png.length;) {
      const length = png.readUInt32BE(at);
      names.push(png.toString('latin1', at + 4, at + 8));
      expect(png.readUInt32BE(at + 8 + length)).toBe(tableCrc32(png.subarray(at + 4, at + 8 + length)));
      at += 12 + length;
    }
    expect(names).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
});
