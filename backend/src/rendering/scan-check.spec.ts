import { renderSvg } from '@qrsharks/qr-core';
import { scanCheck } from './render-png';

// Issue 35: the render processes answer whether a code scans at print size, with two decoders and qr-core's warnings.
describe('scanCheck (a render process’s scan job)', () => {
  const text = 'https://qrsharks.example/d/Ab3x9Kq';

  it('reads the product’s own styles with both decoders at the download’s 984 px', async () => {
    for (const style of [{}, { dotShape: 'circle', cornerShape: 'square', innerCornerShape: 'circle' }] as const) {
      const report = await scanCheck(renderSvg(text, style), text, 984, style, 'H');
      expect(report).toEqual({ scans: true, decoders: { jsqr: true, zxing: true }, width: 984, warnings: [] });
    }
  });

  it('says a code with its finder patterns covered does not scan', async () => {
    // A white square over each finder pattern: nothing left to locate the code by.
    const covered = renderSvg(text).replace('</svg>', '<path fill="#FFFFFF" d="M4 4h8v8h-8zM' + '29 4h8v8h-8zM4 29h8v8h-8z"/></svg>');
    const report = await scanCheck(covered, text, 984, {}, 'H');
    expect(report).toMatchObject({ scans: false, decoders: { jsqr: false, zxing: false } });
  });

  it('carries the warnings a person reads, in a code that still scans', async () => {
    const style = { fgColor: '#7a7a7a' };
    const report = await scanCheck(renderSvg(text, style), text, 984, style, 'H');
    expect(report.scans).toBe(true);
    expect(report.warnings).toEqual([expect.objectContaining({ code: 'low-contrast', field: 'fgColor' })]);
  });
});
