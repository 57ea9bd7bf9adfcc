import { LowContrastError, QrStyleError } from './contrast';
import { QrEncodeError, chooseErrorCorrection, encodeMatrix } from './matrix';
import { DEFAULT_STYLE } from './style';
import { styleSchema } from './style-schema';
import { FRAME_FONT } from './frame-font';
import { registerFrameFont } from './frame-text';
import { logoBox, renderSvg } from './render-svg';

// What the Node entry (index.ts) does at load; the browser loads it with loadFrameFont().
registerFrameFont(FRAME_FONT);

const LOGO = { href: 'data:image/png;base64,iVBORw0KGgo=' };

describe('encodeMatrix and error correction', () => {
  it('raises the spec texts as typed errors', () => {
    expect(() => encodeMatrix('')).toThrow(new QrEncodeError('empty'));
    try {
      encodeMatrix('x'.repeat(3000), 'H');
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(QrEncodeError);
      expect((error as QrEncodeError).code).toBe('too_big');
      expect((error as QrEncodeError).message).toBe('The amount of data is too big to be stored in a QR Code');
    }
    expect(new QrEncodeError('empty').message).toBe('No input text');
  });

  it('uses H for display and logos, M for dynamic codes', () => {
    expect(chooseErrorCorrection({ dynamic: false, hasLogo: false })).toBe('H');
    expect(chooseErrorCorrection({ dynamic: true, hasLogo: false })).toBe('M');
    expect(chooseErrorCorrection({ dynamic: true, hasLogo: true })).toBe('H');
    expect(encodeMatrix('hello', 'M').errorCorrectionLevel).toBe('M');
    expect(encodeMatrix('x'.repeat(2900), 'L').version).toBe(40);
  });
});

describe('renderSvg', () => {
  const text = 'https://qrsharks.example/d/abc123';

  it('draws one path per layer with a 4-module quiet zone', () => {
    const svg = renderSvg(text);
    const n = encodeMatrix(text, 'H').size;
    expect(svg).toContain(`viewBox="0 0 ${n + 8} ${n + 8}" width="328" height="328"`);
    expect(svg.match(/<path /g)).toHaveLength(3); // dots, finder rings, finder centres
    expect(svg).not.toContain('<text');
    // Module layers are drawn in module coordinates, shifted by the 4-module quiet zone.
    expect(svg).toContain('<g transform="translate(4 4)">');
    const coords = [...svg.matchAll(/M(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(coords.length).toBeGreaterThan(20);
    for (const [x, y] of coords) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(n);
      expect(y).toBeLessThan(n);
    }
  });

  it('is deterministic and honours size', () => {
    expect(renderSvg(text, {}, { size: 984 })).toBe(renderSvg(text, {}, { size: 984 }));
    expect(renderSvg(text, {}, { size: 984 })).toContain('width="984" height="984"');
  });

  it('paints the gradient, corner colours and default corner paint', () => {
    const svg = renderSvg(text, { gradientColor: '#ff00ff', outerCornerColor: '#1E40AF' });
    expect(svg).toContain('<linearGradient');
    expect(svg).toMatch(/<path fill="url\(#qrg-[^"]+\)" d=/);
    expect(svg).toContain('<path fill="#1E40AF" fill-rule="evenodd"');
    // inner corner colour unset: painted like the dots
    expect(svg.match(/fill="url\(#qrg-/g)).toHaveLength(2);
  });

  it('uses level H with a logo, clears a bounded centre square and draws the image', () => {
    const m = encodeMatrix(text, 'H');
    const box = logoBox(m);
    expect(box.side % 2).toBe(1);
    expect(box.side).toBeLessThanOrEqual(m.size * 0.3);
    const svg = renderSvg(text, { logo: LOGO }, { errorCorrectionLevel: 'M' });
    expect(svg).toContain(`<image href="${LOGO.href}"`);
    // Same viewBox as the level-H code: the logo forced H.
    expect(svg).toContain(`viewBox="0 0 ${m.size + 8} ${m.size + 8}"`);
    // No dot path starts inside the cleared square.
    const dots = /<path fill="#000000" d="([^"]+)"/.exec(svg)![1]!;
    for (const [, x, y] of dots.matchAll(/M(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)/g)) {
      const c = Number(x);
      const r = Number(y);
      const inside = r >= box.start && r < box.start + box.side && c >= box.start && c < box.start + box.side;
      expect(inside).toBe(false);
    }
  });

  it('refuses a framed label until the frame font is registered, then draws it (browser entry)', async () => {
    // A fresh module graph: the browser entry does not register the glyph table by itself.
    let browser!: typeof import('./browser');
    jest.isolateModules(() => {
      browser = require('./browser');
    });
    expect(browser.isFrameFontLoaded()).toBe(false);
    expect(() => browser.renderSvg(text, { enableFrame: true })).toThrow(/frame font is not loaded/);
    // A frame without text needs no font.
    expect(browser.renderSvg(text, { enableFrame: true, frameText: '' })).toContain('<svg');
    await browser.loadFrameFont();
    expect(browser.isFrameFontLoaded()).toBe(true);
    expect(browser.renderSvg(text, { enableFrame: true })).toBe(renderSvg(text, { enableFrame: true }));
  });

  it('draws the frame with its text as path outlines', () => {
    const svg = renderSvg(text, { enableFrame: true });
    expect(svg).toContain(`fill="${DEFAULT_STYLE.frameColor}"`);
    expect(svg).toContain(`<path fill="${DEFAULT_STYLE.frameTextColor}" d="M`);
    expect(svg).not.toContain('SCAN ME');
    const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!;
    expect(Number(h)).toBeGreaterThan(Number(w));
    expect(renderSvg(text, { enableFrame: true, frameStyle: 'square' })).not.toBe(svg);
    expect(renderSvg(text, { enableFrame: true, frameText: '' }).match(/<path /g)).toHaveLength(5);
  });

  it('refuses low contrast and light-on-dark with a clear typed error', () => {
    expect(() => renderSvg(text, { fgColor: '#DDDDDD' })).toThrow(LowContrastError);
    expect(() => renderSvg(text, { fgColor: '#DDDDDD' })).toThrow(/too close to the background #FFFFFF to scan/);
    expect(() => renderSvg(text, { fgColor: '#FFFFFF', bgColor: '#000000' })).toThrow(/must be darker than the background/);
    expect(() => renderSvg(text, { gradientColor: '#FFFF00' })).toThrow(LowContrastError);
    expect(() => renderSvg(text, { innerCornerColor: '#eeeeee' })).toThrow(LowContrastError);
    expect(() => renderSvg(text, { gradientColor: '#ff00ff' })).not.toThrow();
    expect(() => renderSvg(text, { fgColor: 'black' })).toThrow(QrStyleError);
    expect(() => renderSvg(text, { dotShape: 'star' as never })).toThrow(QrStyleError);
  });

  it('propagates the encoder errors', () => {
    expect(() => renderSvg('')).toThrow('No input text');
    expect(() => renderSvg('x'.repeat(1300))).toThrow('The amount of data is too big to be stored in a QR Code');
  });
});

describe('styleSchema', () => {
  it('accepts a partial style and rejects bad values', () => {
    expect(styleSchema.parse({ fgColor: '#123', gradientColor: '' })).toEqual({ fgColor: '#123', gradientColor: null });
    const bad = styleSchema.safeParse({ fgColor: 'red', dotShape: 'star', frameText: 'x'.repeat(31) });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(['dotShape', 'fgColor', 'frameText']);
    expect(styleSchema.safeParse({ logo: { href: 'https://evil.example/x.png' } }).success).toBe(false);
    expect(styleSchema.safeParse({ logo: { href: '/logo/12' } }).success).toBe(true);
  });
});
