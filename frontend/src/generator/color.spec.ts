import { clampByte, hexToRgb, isHexColor, rgbToHex } from './color';

describe('hex colours', () => {
  it('parses #rrggbb, #rgb and a missing hash', () => {
    expect(hexToRgb('#ff00ff')).toEqual({ r: 255, g: 0, b: 255 });
    expect(hexToRgb('#FFF')).toEqual({ r: 255, g: 255, b: 255 });
    expect(hexToRgb('123456')).toEqual({ r: 0x12, g: 0x34, b: 0x56 });
  });

  it('rejects text that is not a colour', () => {
    expect(hexToRgb('#ff00f')).toBeNull();
    expect(hexToRgb('red')).toBeNull();
    expect(isHexColor('#ggg')).toBe(false);
    expect(isHexColor(' #abc ')).toBe(true);
  });

  it('writes lower-case #rrggbb and clamps channels to 0-255', () => {
    expect(rgbToHex({ r: 255, g: 0, b: 255 })).toBe('#ff00ff');
    expect(rgbToHex({ r: 300, g: -5, b: 15.6 })).toBe('#ff0010');
    expect(clampByte(256)).toBe(255);
    expect(clampByte(-1)).toBe(0);
    expect(clampByte(Number.NaN)).toBe(0);
  });
});
