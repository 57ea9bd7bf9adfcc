import { dynamicLink, encodePayload, escapeText } from './payload';
import { isUrlType, QR_TYPES, URL_TYPES } from './qr-types';

const ctx = { origin: 'https://qrsharks.example' };

describe('encodePayload', () => {
  it('URL types (the one list both sides use) encode the URL itself', () => {
    expect(URL_TYPES).toEqual(['url', 'social', 'ratings', 'apps']);
    expect(QR_TYPES.filter(isUrlType)).toEqual(URL_TYPES);
    for (const type of URL_TYPES) {
      expect(encodePayload(type, { url: 'https://example.com/menu?a=1&b=2', platform: 'x' }, ctx)).toBe('https://example.com/menu?a=1&b=2');
    }
  });

  it('contact is a vCard 3.0 with TEXT escaping and UTF-8 names', () => {
    const vcard = encodePayload(
      'contact',
      {
        firstName: 'Zoë',
        lastName: 'Ørsted; Jr, \\Esq',
        phoneNumber: '+45 12 34 56',
        email: 'zoe@example.dk',
        notes: 'Line one\nLine two, with comma; and semi',
        imageUrl: 'https://example.dk/p.jpg',
        url: 'https://example.dk/?a=1,2',
      },
      ctx,
    );
    expect(vcard).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Ørsted\\; Jr\\, \\\\Esq;Zoë;;;',
        'FN:Zoë Ørsted\\; Jr\\, \\\\Esq',
        'TEL;TYPE=CELL:+45 12 34 56',
        'EMAIL;TYPE=INTERNET:zoe@example.dk',
        'URL:https://example.dk/?a=1,2',
        'PHOTO;VALUE=uri:https://example.dk/p.jpg',
        'NOTE:Line one\\nLine two\\, with comma\\; and semi',
        'END:VCARD',
      ].join('\r\n'),
    );
  });

  it('contact leaves out empty optional lines', () => {
    expect(encodePayload('contact', { firstName: 'Ann', phoneNumber: '123', lastName: '', notes: '' }, ctx)).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ann;;;\r\nFN:Ann\r\nTEL;TYPE=CELL:123\r\nEND:VCARD',
    );
  });

  it('escapeText handles CRLF and CR too', () => {
    expect(escapeText('a\r\nb\rc')).toBe('a\\nb\\nc');
  });

  it('email is mailto with percent-encoded subject and body only when filled', () => {
    expect(encodePayload('email', { email: 'hi@example.com', subject: '', body: '' }, ctx)).toBe('mailto:hi@example.com');
    expect(encodePayload('email', { email: 'hi@example.com', subject: 'Hello & welcome?', body: '' }, ctx)).toBe(
      'mailto:hi@example.com?subject=Hello%20%26%20welcome%3F',
    );
    expect(encodePayload('email', { email: 'hi@example.com', subject: 'Q', body: 'Line 1\nLine 2 = ok' }, ctx)).toBe(
      'mailto:hi@example.com?subject=Q&body=Line%201%0ALine%202%20%3D%20ok',
    );
    expect(encodePayload('email', { email: 'hi@example.com', body: 'Only body' }, ctx)).toBe('mailto:hi@example.com?body=Only%20body');
  });

  it('location is a maps search link: coordinates when both are present, else the address', () => {
    expect(encodePayload('location', { address: '1 Main St, Springfield', latitude: '', longitude: '' }, ctx)).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Springfield',
    );
    expect(encodePayload('location', { address: 'x', latitude: '52.5200', longitude: '13.405' }, ctx)).toBe(
      'https://www.google.com/maps/search/?api=1&query=52.52,13.405',
    );
    expect(encodePayload('location', { address: 'Only lat', latitude: '52.52' }, ctx)).toBe(
      'https://www.google.com/maps/search/?api=1&query=Only%20lat',
    );
  });

  it('events are a VEVENT; the end defaults to the start, all-day ends are exclusive', () => {
    expect(encodePayload('events', { title: 'Launch, party; v2', startDate: '2025-06-01', location: 'Pier 4' }, ctx)).toBe(
      'BEGIN:VEVENT\r\nSUMMARY:Launch\\, party\\; v2\r\nDTSTART;VALUE=DATE:20250601\r\nDTEND;VALUE=DATE:20250602\r\nLOCATION:Pier ' +
        '4\r\nEND:VEVENT',
    );
    expect(
      encodePayload(
        'events',
        { title: 'Talk', startDate: '2025-12-31T23:30', endDate: '2026-01-01T01:00', location: 'Hall', description: 'Bring\nfriends' },
        ctx,
      ),
    ).toBe(
      'BEGIN:VEVENT\r\nSUMMARY:Talk\r\nDTSTART:20251231T233000\r\nDTEND:20260101T010000\r\n' +
        'LOCATION:Hall\r\nDESCRIPTION:Bring\\nfriends\r\nEND:VEVENT',
    );
    expect(encodePayload('events', { title: 'T', startDate: '2025-03-01T00:30+02:00', location: 'L' }, ctx)).toBe(
      'BEGIN:VEVENT\r\nSUMMARY:T\r\nDTSTART:20250228T223000Z\r\nDTEND:20250228T223000Z\r\nLOCATION:L\r\nEND:VEVENT',
    );
    expect(encodePayload('events', { title: 'T', startDate: '2024-02-28', endDate: '2024-02-29', location: 'L' }, ctx)).toContain(
      'DTEND;VALUE=DATE:20240301',
    );
  });

  it('sms is an sms link with the body only when filled', () => {
    expect(encodePayload('sms', { phoneNumber: '+1 (555) 010-9999', message: '' }, ctx)).toBe('sms:+15550109999');
    expect(encodePayload('sms', { phoneNumber: '5550109999', message: 'Table 4: ready?' }, ctx)).toBe(
      'sms:5550109999?body=Table%204%3A%20ready%3F',
    );
  });

  it('bitcoin is BIP21 with only the filled parts', () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(encodePayload('bitcoin', { address, amount: '', label: '', message: '' }, ctx)).toBe(`bitcoin:${address}`);
    expect(encodePayload('bitcoin', { address, amount: '0.0015', label: "Luke's Café", message: 'Order #12' }, ctx)).toBe(
      `bitcoin:${address}?amount=0.0015&label=Luke's%20Caf%C3%A9&message=Order%20%2312`,
    );
    expect(encodePayload('bitcoin', { address, message: 'tip' }, ctx)).toBe(`bitcoin:${address}?message=tip`);
  });

  it('payment, pdf and images point to pages on the origin', () => {
    expect(encodePayload('payment', { productName: 'Tee' }, { origin: 'https://a.example/', id: '42' })).toBe(
      'https://a.example/payment?id=42',
    );
    expect(encodePayload('payment', { productName: 'Blue tee & cap', productPrice: 12.5 }, ctx)).toBe(
      'https://qrsharks.example/payment?temp=true&name=Blue%20tee%20%26%20cap&price=1250',
    );
    expect(encodePayload('pdf', { title: 'Menu' }, { ...ctx, id: '7' })).toBe('https://qrsharks.example/pdf/7');
    expect(encodePayload('pdf', { title: 'Menu' }, ctx)).toBe('https://qrsharks.example/pdf/preview');
    expect(encodePayload('images', { title: 'G' }, { ...ctx, id: 'a b' })).toBe('https://qrsharks.example/images/a%20b');
    expect(encodePayload('images', { title: 'G' }, ctx)).toBe('https://qrsharks.example/image-placeholder');
  });

  it('dynamic codes encode the redirect link whatever the type', () => {
    expect(dynamicLink('https://qrsharks.example/', 'Ab3x9')).toBe('https://qrsharks.example/d/Ab3x9');
    expect(encodePayload('contact', { firstName: 'A' }, { ...ctx, shortCode: 'Ab3x9' })).toBe('https://qrsharks.example/d/Ab3x9');
  });

  it('text is kept as typed and wifi is a WIFI: payload with escaping', () => {
    expect(encodePayload('text', { text: '  two spaces\nkept ' }, ctx)).toBe('  two spaces\nkept ');
    expect(encodePayload('wifi', { ssid: 'My;Net', password: 'p:a"ss\\', encryption: 'WPA', hidden: false }, ctx)).toBe(
      'WIFI:T:WPA;S:My\\;Net;P:p\\:a\\"ss\\\\;;',
    );
    expect(encodePayload('wifi', { ssid: 'Open', encryption: 'nopass', hidden: true }, ctx)).toBe('WIFI:T:nopass;S:Open;H:true;;');
  });
});
