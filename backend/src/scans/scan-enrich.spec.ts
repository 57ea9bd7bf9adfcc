import { enrichScan, isHumanScan } from './scan-enrich';
import type { RawScan } from './scan.events';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const raw = (ua: string, extra: Partial<RawScan> = {}): RawScan => ({
  id: 'id',
  qrId: 'qr',
  tenantId: 1,
  shortCode: 'code',
  at: Date.UTC(2026, 10, 23, 9),
  visitor: 'v',
  ua,
  referrer: '',
  language: 'da-DK,da;q=0.9',
  ip: '',
  countryHeader: '',
  head: false,
  ...extra,
});

describe('enrichScan', () => {
  it('answers each user agent with its own facts, parsed once and then from the cache', () => {
    for (let round = 0; round < 2; round++) {
      expect(enrichScan(raw(IPHONE))).toMatchObject({
        device: 'mobile',
        os: 'iOS',
        browser: 'Mobile Safari',
        isBot: false,
        botReason: null,
        language: 'da-DK',
      });
      expect(enrichScan(raw(WINDOWS))).toMatchObject({ device: 'desktop', os: 'Windows', browser: 'Chrome', isBot: false });
    }
  });

  it('flags bots, HEAD requests and missing user agents with their reason', () => {
    expect(enrichScan(raw('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'))).toMatchObject({
      isBot: true,
      botReason: 'user-agent',
    });
    expect(enrichScan(raw('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'))).toMatchObject({
      isBot: true,
      botReason: 'user-agent',
    });
    expect(enrichScan(raw(IPHONE, { head: true }))).toMatchObject({ isBot: true, botReason: 'head-request', device: 'mobile' });
    expect(enrichScan(raw(''))).toMatchObject({
      isBot: true,
      botReason: 'no-user-agent',
      device: 'unknown',
      os: 'unknown',
      browser: 'unknown',
    });
  });

  it('takes the country from a trusted header, else from the address', () => {
    expect(enrichScan(raw(IPHONE, { countryHeader: 'gb' })).country).toBe('GB');
    expect(enrichScan(raw(IPHONE, { countryHeader: 'XX', ip: '81.2.69.0' })).country).toBe('GB');
    expect(enrichScan(raw(IPHONE)).country).toBeNull();
  });

  it('finds the country of IPv6 addresses and of IPv4 addresses written as IPv6, and none for what is not an address', () => {
    const country = (ip: string) => enrichScan(raw(IPHONE, { ip })).country;
    expect(country('2003::1')).toBe('DE');
    expect(country('::ffff:81.2.69.0')).toBe(country('81.2.69.0'));
    expect(country('::FFFF:81.2.69.0')).toBe('GB');
    for (const notAnAddress of ['1.2.3.4.5', '81.2.69', 'nonsense', '127.0.0.1', '::1', '10.0.0.1'])
      expect(country(notAnAddress)).toBeNull();
  });
});

describe('issue 33: routing facts', () => {
  it("Scanned carries the routing's answer, and nothing for a code without routing", () => {
    expect(enrichScan(raw(IPHONE, { route: 'rule 2' })).route).toBe('rule 2');
    expect(enrichScan(raw(IPHONE))).not.toHaveProperty('route');
  });

  it('a human scan is what the ingester records as not a bot', () => {
    expect(isHumanScan(IPHONE, false)).toBe(true);
    expect(isHumanScan(IPHONE, true)).toBe(false);
    expect(isHumanScan('', false)).toBe(false);
    expect(isHumanScan('WhatsApp/2.23.20.0 A', false)).toBe(false);
    expect(isHumanScan('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false)).toBe(false);
    for (const ua of [IPHONE, WINDOWS, 'WhatsApp/2.23.20.0 A', ''])
      for (const head of [true, false]) expect(isHumanScan(ua, head)).toBe(!enrichScan(raw(ua, { head })).isBot);
  });
});
