import { getContrastRatio } from '@mui/material/styles';
import { FIELD_BACKGROUND, PAGE_BACKGROUND, readableOnWhite } from './readable-color';

describe('readableOnWhite', () => {
  it('keeps a colour that already reads on white', () => {
    expect(readableOnWhite('#1E40AF')).toBe('#1E40AF');
  });

  it('darkens one that does not (the spec default #3B82F6 is 3.7:1) just past 4.5:1 on the page background too', () => {
    expect(getContrastRatio('#3B82F6', '#ffffff')).toBeLessThan(4.5);
    const shade = readableOnWhite('#3B82F6');
    expect(getContrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(shade, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    // A focused filled field's label, the field on the page (the audit log's User filter was 4.45:1, issue 30).
    expect(getContrastRatio(shade, FIELD_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(shade, '#e9ebed')).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(shade, '#ffffff')).toBeLessThan(6);
    expect(getContrastRatio(readableOnWhite('#FFFF00'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
