import {
  clampByte,
  hexToHsv,
  hexToRgb,
  hsvToHex,
  hsvToRgb,
  hueFromPercent,
  hueToPercent,
  isHexColor,
  positionPercent,
  rgbToHex,
  rgbToHsv,
  squarePositionToSv,
} from './color';

describe('HSV to RGB', () => {
  it.each([
    [
      { h: 0, s: 100, v: 100 },
      { r: 255, g: 0, b: 0 },
    ],
    [
      { h: 120, s: 100, v: 100 },
      { r: 0, g: 255, b: 0 },
    ],
    [
      { h: 240, s: 100, v: 100 },
      { r: 0, g: 0, b: 255 },
    ],
    [
      { h: 300, s: 100, v: 100 },
      { r: 255, g: 0, b: 255 },
    ],
    [
      { h: 60, s: 100, v: 100 },
      { r: 255, g: 255, b: 0 },
    ],
    [
      { h: 180, s: 50, v: 50 },
      { r: 64, g: 128, b: 128 },
    ],
    [
      { h: 0, s: 0, v: 100 },
      { r: 255, g: 255, b: 255 },
    ],
    [
      { h: 200, s: 80, v: 0 },
      { r: 0, g: 0, b: 0 },
    ],
  ])('%o is %o', (hsv, rgb) => {
    expect(hsvToRgb(hsv)).toEqual(rgb);
  });

  it('treats hue 360 as hue 0 and clamps out-of-range input', () => {
    expect(hsvToRgb({ h: 360, s: 100, v: 100 })).toEqual({ r: 255, g: 0, b: 0 });
    expect(hsvToRgb({ h: -20, s: 150, v: 120 })).toEqual({ r: 255, g: 0, b: 0 });
  });
});

describe('RGB to HSV', () => {
  it('gives hue 0-360 and percentages for s and v', () => {
    expect(rgbToHsv({ r: 255, g: 0, b: 255 })).toEqual({ h: 300, s: 100, v: 100 });
    expect(rgbToHsv({ r: 0, g: 0, b: 0 })).toEqual({ h: 0, s: 0, v: 0 });
    expect(rgbToHsv({ r: 255, g: 255, b: 255 })).toEqual({ h: 0, s: 0, v: 100 });
    const teal = rgbToHsv({ r: 0, g: 128, b: 128 });
    expect(teal.h).toBeCloseTo(180);
    expect(teal.s).toBeCloseTo(100);
    expect(teal.v).toBeCloseTo(50.2, 1);
  });

  it('round-trips every channel value of a sample of colours exactly', () => {
    for (let r = 0; r <= 255; r += 17) {
      for (let g = 0; g <= 255; g += 51) {
        for (let b = 0; b <= 255; b += 85) {
          expect(hsvToRgb(rgbToHsv({ r, g, b }))).toEqual({ r, g, b });
        }
      }
    }
  });
});

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

  it('converts the spec defaults through HSV and back', () => {
    for (const hex of ['#000000', '#ffffff', '#ff00ff']) expect(hsvToHex(hexToHsv(hex))).toBe(hex);
  });
});

describe('picker geometry (percentages 0-100)', () => {
  it('maps a pointer to a clamped percentage of the element', () => {
    expect(positionPercent(150, 100, 200)).toBe(25);
    expect(positionPercent(50, 100, 200)).toBe(0);
    expect(positionPercent(400, 100, 200)).toBe(100);
    expect(positionPercent(10, 0, 0)).toBe(0);
  });

  it('puts saturation on x and brightness top to bottom', () => {
    expect(squarePositionToSv(0, 0)).toEqual({ s: 0, v: 100 });
    expect(squarePositionToSv(100, 100)).toEqual({ s: 100, v: 0 });
    expect(squarePositionToSv(30, 25)).toEqual({ s: 30, v: 75 });
  });

  it('maps the hue bar onto 0-360', () => {
    expect(hueFromPercent(0)).toBe(0);
    expect(hueFromPercent(50)).toBe(180);
    expect(hueFromPercent(100)).toBe(360);
    expect(hueFromPercent(140)).toBe(360);
    expect(hueToPercent(90)).toBe(25);
  });
});
