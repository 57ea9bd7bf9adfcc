import { codeDisplayName, DISPLAY_NAME_MAX } from './display-name';
import { encodePayload } from './payload';
import { QR_TYPES, type QrType } from './qr-types';

const ctx = { origin: 'https://qrsharks.example', id: 'abc' };

describe('codeDisplayName: one name per code, never a secret or a payload', () => {
  const cases: [QrType, Record<string, unknown>, string][] = [
    ['url', { url: 'https://www.example.com/menu/?token=s3cret#top' }, 'example.com/menu'],
    ['contact', { firstName: 'Sandy', lastName: 'Shark', phoneNumber: '+15550100', notes: 'private note' }, 'Sandy Shark'],
    ['payment', { productName: 'Fin Soap', productPrice: 4.5, productDescription: 'Bar' }, 'Fin Soap'],
    ['pdf', { title: 'Lunch menu', description: 'Weekdays' }, 'Lunch menu'],
    ['social', { platform: 'instagram', url: 'https://instagram.com/sharks' }, 'instagram.com/sharks'],
    ['images', { title: 'Gallery' }, 'Gallery'],
    ['ratings', { businessName: 'Reef Cafe', platform: 'google', url: 'https://g.page/r' }, 'Reef Cafe'],
    ['email', { email: 'hi@example.com', subject: 'Hello', body: 'private body' }, 'Email to hi@example.com'],
    ['location', { address: '1 Reef Road', name: '' }, '1 Reef Road'],
    ['events', { title: 'Shark Week', startDate: '2026-07-01', location: 'Beach' }, 'Shark Week'],
    ['apps', { appName: 'Fin Tracker', platform: 'ios', url: 'https://apps.apple.com/app/1' }, 'Fin Tracker'],
    ['sms', { phoneNumber: '+15550100', message: 'private message' }, 'SMS to +15550100'],
    ['bitcoin', { address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', amount: '0.1' }, 'Bitcoin to bc1qxy2kgd…'],
    ['text', { text: 'Hello sharks\nsecond line' }, 'Hello sharks'],
    ['wifi', { ssid: 'Office-5G', password: 'hunter2-secret', encryption: 'WPA', hidden: false }, 'Office-5G'],
  ];

  it.each(cases)('%s: derived from its content', (qrType, fields, expected) => {
    expect(codeDisplayName({ qrType, fields })).toBe(expected);
  });

  it('covers every content type', () => {
    expect(new Set(cases.map(([type]) => type))).toEqual(new Set(QR_TYPES));
  });

  it.each(cases)('%s: neither the payload nor a private field is ever the name', (qrType, fields) => {
    const name = codeDisplayName({ qrType, fields });
    const payload = encodePayload(qrType, fields, ctx);
    if (payload.length > DISPLAY_NAME_MAX) expect(name).not.toContain(payload);
    for (const secret of ['hunter2-secret', 'private note', 'private body', 'private message', 's3cret', 'BEGIN:', 'WIFI:']) {
      expect(name).not.toContain(secret);
    }
  });

  it('the typed name wins, trimmed; blank falls back to the content', () => {
    expect(codeDisplayName({ qrType: 'wifi', name: '  Guest network ', fields: { ssid: 'Office-5G', password: 'x' } })).toBe(
      'Guest network',
    );
    expect(codeDisplayName({ qrType: 'wifi', name: '   ', fields: { ssid: 'Office-5G', password: 'x' } })).toBe('Office-5G');
  });

  it('a dynamic code without the address in its fields is named by its destination', () => {
    expect(codeDisplayName({ qrType: 'url', fields: {}, destination: 'https://shop.example.com/spring?utm=x' })).toBe(
      'shop.example.com/spring',
    );
  });

  it('nothing telling gives "{Type} code", never an empty name', () => {
    expect(codeDisplayName({ qrType: 'wifi', fields: {} })).toBe('Wi-Fi code');
    expect(codeDisplayName({ qrType: 'contact', fields: null })).toBe('Contact code');
    expect(codeDisplayName({ qrType: 'url', fields: { url: 'not a url at all' } })).toBe('Website URL code');
  });

  it('a plain-text code holding a raw payload is not named by it', () => {
    expect(codeDisplayName({ qrType: 'text', fields: { text: 'WIFI:T:WPA;S:Home;P:topsecret;;' } })).toBe('Plain Text code');
    expect(codeDisplayName({ qrType: 'text', fields: { text: 'BEGIN:VCARD\nVERSION:3.0' } })).toBe('Plain Text code');
  });

  it('long text is bounded at a word boundary, no word broken', () => {
    const name = codeDisplayName({ qrType: 'text', fields: { text: 'word '.repeat(40) } });
    expect(name.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX);
    expect(name).toMatch(/^(word )*word…$/);
  });
});
