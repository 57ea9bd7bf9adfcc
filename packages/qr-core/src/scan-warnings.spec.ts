import { scanWarnings } from './index';

const TEXT = 'https://qrsharks.example/d/Ab3x9Kq';
const LOGO = { href: 'data:image/png;base64,iVBORw0KGgo=' };

describe('scanWarnings (issue 35)', () => {
  it('has nothing to say about the default style', () => {
    expect(scanWarnings(TEXT)).toEqual([]);
  });

  it('warns when a colour is renderable but close to the background, naming the field', () => {
    // #ff00ff on white is about 3.1:1: allowed (the picker's default second colour) but worth a warning.
    const warnings = scanWarnings(TEXT, { gradientColor: '#ff00ff', outerCornerColor: '#767676' });
    expect(warnings.map((w) => [w.code, w.field])).toEqual([['low-contrast', 'gradientColor']]);
    expect(warnings[0]!.message).toMatch(/second colour #ff00ff is close to the background #FFFFFF \(contrast 3\.1:1\)/);
  });

  it('warns about a logo only when the level cannot make up for it', () => {
    expect(scanWarnings(TEXT, { logo: LOGO }, { errorCorrectionLevel: 'H' })).toEqual([]);
    const warnings = scanWarnings(TEXT, { logo: LOGO }, { errorCorrectionLevel: 'M' });
    expect(warnings.map((w) => w.code)).toEqual(['logo-too-large']);
    expect(warnings[0]!.message).toMatch(/more than error correction level M can safely make up for/);
    expect(scanWarnings(TEXT, { logo: LOGO }, { logoShare: 0.25 }).map((w) => w.code)).toEqual(['logo-too-large']);
  });

  it('warns about a quiet zone under four modules', () => {
    expect(scanWarnings(TEXT, {}, { quietZone: 2 })).toEqual([
      expect.objectContaining({ code: 'quiet-zone-too-small', message: expect.stringMatching(/2 modules wide; scanners need 4/) }),
    ]);
  });
});
