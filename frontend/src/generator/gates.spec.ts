// The generator's gates (core spec sections 4 and 6), as the card and its hooks apply them.
import { DEFAULT_STYLE } from '@qrsharks/qr-core';
import { allowedLogo, allowedMode, allowedStyle, canBeDynamic, GENERATOR_TYPES, startingType, typeGate } from './gates';

const logo = { source: 'preset' as const, name: 'instagram.svg', href: 'data:image/svg+xml,x', file: {} as File };

describe('type gates', () => {
  it("offers the spec's thirteen types in its order, then plain text and Wi-Fi", () => {
    expect(GENERATOR_TYPES).toEqual([
      'url',
      'contact',
      'payment',
      'pdf',
      'social',
      'images',
      'ratings',
      'email',
      'location',
      'events',
      'apps',
      'sms',
      'bitcoin',
      'text',
      'wifi',
    ]);
  });

  it("opens events, sms, bitcoin, text and wifi for everyone: no type is a 'Future Feature' any more", () => {
    for (const type of ['events', 'sms', 'bitcoin', 'text', 'wifi'] as const) {
      expect(typeGate(type, false)).toBeNull();
      expect(typeGate(type, true)).toBeNull();
    }
    expect(GENERATOR_TYPES.filter((type) => typeGate(type, true) === 'future')).toEqual([]);
  });

  it("asks for an account ('Premium Feature') for pdf only while signed out", () => {
    expect(typeGate('pdf', false)).toBe('premium');
    expect(typeGate('pdf', true)).toBeNull();
    expect(GENERATOR_TYPES.filter((type) => typeGate(type, false) === null)).toEqual([
      'url',
      'contact',
      'payment',
      'social',
      'images',
      'ratings',
      'email',
      'location',
      'events',
      'apps',
      'sms',
      'bitcoin',
      'text',
      'wifi',
    ]);
  });

  it('opens on a preselected generator type, else url', () => {
    expect(startingType('contact')).toBe('contact');
    expect(startingType('pdf')).toBe('pdf');
    expect(startingType('sms')).toBe('sms');
    expect(startingType('wifi')).toBe('wifi');
    expect(startingType(undefined)).toBe('url');
  });

  it('lets only web-address types be dynamic', () => {
    expect(GENERATOR_TYPES.filter(canBeDynamic)).toEqual(['url', 'payment', 'pdf', 'social', 'images', 'ratings', 'location', 'apps']);
  });
});

describe('what a visitor without an account may use', () => {
  const style = { ...DEFAULT_STYLE, logo: null, gradientColor: null };
  const choices = { colorMode: 'second' as const, secondColor: '#ff00ff', logo };

  it('draws no second colour and no logo, and makes static codes only', () => {
    expect(allowedStyle(style, choices, false)).toMatchObject({ gradientColor: null, logo: null });
    expect(allowedMode('dynamic', false)).toBe('static');
    expect(allowedLogo(logo, false)).toBeNull();
  });

  it('gives signed-in users the second colour, the logo and dynamic codes', () => {
    expect(allowedStyle(style, choices, true)).toMatchObject({ gradientColor: '#ff00ff', logo: { href: logo.href } });
    expect(allowedStyle(style, { ...choices, colorMode: 'single' }, true).gradientColor).toBeNull();
    expect(allowedMode('dynamic', true)).toBe('dynamic');
    expect(allowedLogo(logo, true)).toBe(logo);
  });
});
