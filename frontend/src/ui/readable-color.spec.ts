import { contrastRatio, readableOnWhite } from './readable-color';

describe('readable colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#3B82F6', '#ffffff')).toBeCloseTo(3.68, 2);
  });

  it('keeps a colour that already reads and darkens one that does not, to the first shade past 4.5:1', () => {
    expect(readableOnWhite('#1E40AF')).toBe('#1E40AF');
    const shade = readableOnWhite('#3B82F6');
    expect(shade).not.toBe('#3B82F6');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(5);
    expect(contrastRatio(readableOnWhite('#FFFF00'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableOnWhite('#fff')).toMatch(/^#[0-9A-F]{6}$/);
  });
});
