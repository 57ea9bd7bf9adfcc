import {
  agentFacts,
  compileRouting,
  decideRoute,
  preferredLanguage,
  splitBucket,
  wallClock,
  type RouteRequest,
  type RouteWhen,
  type Routing,
} from './routing';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const UBUNTU = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const CHROMEOS = 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const QR = '0190a1b2-0000-7000-8000-000000000001';
const HOME = 'https://example.com/home';
const NOW = Date.parse('2026-12-02T10:00:00Z'); // a Wednesday

function request(over: Partial<Omit<RouteRequest, 'country'>> & { country?: string | null } = {}): RouteRequest {
  const country = over.country === undefined ? 'DE' : over.country;
  return {
    userAgent: over.userAgent ?? IPHONE,
    acceptLanguage: over.acceptLanguage ?? 'de-DE,de;q=0.9,en;q=0.8',
    country: () => country,
    visitor: over.visitor ?? 'visitor-1',
  };
}

const decide = (routing: Routing, req = request(), now = NOW, before = 0) =>
  decideRoute(compileRouting(QR, routing), HOME, req, now, before);
const rule = (when: RouteWhen, destination = 'https://example.com/rule') => ({
  rules: [{ when, destination }],
});

describe('routing decision', () => {
  it('answers the code destination when nothing is set', () => {
    expect(decide({})).toEqual({ destination: HOME, matched: 'default', explanation: "No rules: the code's own destination." });
  });

  describe('conditions', () => {
    it('country: values ORed, compared in upper case; an unknown country matches no country rule', () => {
      expect(decide(rule({ country: ['at', 'DE'] })).matched).toBe('rule 1');
      expect(decide(rule({ country: ['AT'] })).matched).toBe('default');
      expect(decide(rule({ country: ['DE'] }), request({ country: null })).matched).toBe('default');
    });

    it('country is looked up only when a rule names countries', () => {
      const lookup = jest.fn(() => 'DE');
      decideRoute(compileRouting(QR, rule({ device: ['mobile'] })), HOME, { ...request(), country: lookup }, NOW);
      expect(lookup).not.toHaveBeenCalled();
      decideRoute(compileRouting(QR, rule({ country: ['DE'] })), HOME, { ...request(), country: lookup }, NOW);
      expect(lookup).toHaveBeenCalledTimes(1);
    });

    it('device: mobile, tablet and desktop from the user agent', () => {
      expect(agentFacts(IPHONE).device).toBe('mobile');
      expect(agentFacts(IPAD).device).toBe('tablet');
      expect(agentFacts(MAC).device).toBe('desktop');
      expect(decide(rule({ device: ['tablet', 'desktop'] }), request({ userAgent: IPAD })).matched).toBe('rule 1');
      expect(decide(rule({ device: ['tablet', 'desktop'] }), request({ userAgent: ANDROID })).matched).toBe('default');
      expect(decide(rule({ device: ['desktop'] }), request({ userAgent: '' })).matched).toBe('default');
    });

    it('os: the parser names mapped to iOS, Android, Windows, macOS, Linux, ChromeOS', () => {
      const oses = [IPHONE, ANDROID, WINDOWS, MAC, UBUNTU, CHROMEOS].map((ua) => agentFacts(ua).os);
      expect(oses).toEqual(['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS']);
      expect(decide(rule({ os: ['Android', 'Linux'] }), request({ userAgent: UBUNTU })).matched).toBe('rule 1');
      expect(decide(rule({ os: ['Android'] }), request({ userAgent: IPHONE })).matched).toBe('default');
    });

    it("language: the visitor's most preferred tag; 'de' covers de-DE, 'de-AT' only de-AT", () => {
      expect(preferredLanguage('en;q=0.5, fr-CA, de;q=0.9')).toBe('fr-ca');
      expect(preferredLanguage('*, de;q=0')).toBeNull();
      expect(decide(rule({ language: ['de'] })).matched).toBe('rule 1');
      expect(decide(rule({ language: ['de-AT'] })).matched).toBe('default');
      expect(decide(rule({ language: ['de-AT'] }), request({ acceptLanguage: 'de-at' })).matched).toBe('rule 1');
      // English is accepted too, but German is preferred: an English rule does not match.
      expect(decide(rule({ language: ['en'] })).matched).toBe('default');
      expect(decide(rule({ language: ['en'] }), request({ acceptLanguage: '' })).matched).toBe('default');
    });

    it('from inclusive, until exclusive', () => {
      const window = rule({ from: '2026-12-02T10:00:00Z', until: '2026-12-02T11:00:00Z' });
      expect(decide(window, request(), NOW - 1).matched).toBe('default');
      expect(decide(window, request(), NOW).matched).toBe('rule 1');
      expect(decide(window, request(), NOW + 3_600_000 - 1).matched).toBe('rule 1');
      expect(decide(window, request(), NOW + 3_600_000).matched).toBe('default');
    });

    it('weekdays and hours in the rule time zone (UTC when absent)', () => {
      // 2026-12-02T10:00Z: Wednesday 10:00 UTC, 11:00 in Berlin, 05:00 in New York.
      expect(decide(rule({ weekdays: [3], hours: { from: '10:00', to: '10:01' } })).matched).toBe('rule 1');
      expect(decide(rule({ weekdays: [1, 2, 4, 5] })).matched).toBe('default');
      const berlin = rule({ hours: { from: '11:00', to: '12:00' }, timeZone: 'Europe/Berlin' });
      expect(decide(berlin).matched).toBe('rule 1');
      expect(decide(rule({ hours: { from: '11:00', to: '12:00' } })).matched).toBe('default');
      // Late on Tuesday in Los Angeles while it is Wednesday in UTC.
      const tuesday = rule({ weekdays: [2], timeZone: 'America/Los_Angeles' });
      expect(decide(tuesday, request(), Date.parse('2026-12-02T05:00:00Z')).matched).toBe('rule 1');
    });

    it('hours wrap past midnight when to is before from', () => {
      const night = rule({ hours: { from: '22:00', to: '06:00' } });
      expect(decide(night, request(), Date.parse('2026-12-02T23:30:00Z')).matched).toBe('rule 1');
      expect(decide(night, request(), Date.parse('2026-12-02T05:59:00Z')).matched).toBe('rule 1');
      expect(decide(night, request(), Date.parse('2026-12-02T06:00:00Z')).matched).toBe('default');
      expect(decide(night, request(), Date.parse('2026-12-02T21:59:00Z')).matched).toBe('default');
    });

    it('daylight saving: the wall clock moves with the zone, not a fixed offset', () => {
      // Berlin springs forward at 01:00Z on 2026-03-29 (02:00 CET -> 03:00 CEST) and falls back at 01:00Z on 2026-10-25.
      expect(wallClock(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toEqual({ weekday: 7, minutes: 1 * 60 + 59 });
      expect(wallClock(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toEqual({ weekday: 7, minutes: 3 * 60 });
      expect(wallClock(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Berlin').minutes).toBe(2 * 60 + 30);
      expect(wallClock(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Berlin').minutes).toBe(2 * 60 + 30);
      const office = rule({ hours: { from: '09:00', to: '17:30' }, timeZone: 'Europe/Berlin' });
      // 07:30Z is 08:30 in winter (closed) and 09:30 in summer (open).
      expect(decide(office, request(), Date.parse('2026-03-28T07:30:00Z')).matched).toBe('default');
      expect(decide(office, request(), Date.parse('2026-03-30T07:30:00Z')).matched).toBe('rule 1');
      // 16:00Z is 17:00 in winter (open) and 18:00 in summer (closed).
      expect(decide(office, request(), Date.parse('2026-10-23T16:00:00Z')).matched).toBe('default');
      expect(decide(office, request(), Date.parse('2026-10-26T16:00:00Z')).matched).toBe('rule 1');
    });

    it('conditions of one rule are ANDed', () => {
      const both = rule({ country: ['DE'], device: ['desktop'] });
      expect(decide(both, request({ userAgent: MAC })).matched).toBe('rule 1');
      expect(decide(both, request({ userAgent: IPHONE })).matched).toBe('default');
      expect(decide(both, request({ userAgent: MAC, country: 'FR' })).matched).toBe('default');
      expect(decide(both, request({ userAgent: MAC })).explanation).toBe('Rule 1 matched: country DE, device desktop.');
    });

    it('a rule without conditions always matches', () => {
      expect(decide(rule({})).explanation).toBe('Rule 1 matched: it has no conditions.');
    });
  });

  it('the first matching rule wins', () => {
    const routing: Routing = {
      rules: [
        { when: { country: ['FR'] }, destination: 'https://example.com/fr' },
        { when: { device: ['mobile'] }, destination: 'https://example.com/mobile' },
        { when: { country: ['DE'] }, destination: 'https://example.com/de' },
      ],
      split: [{ destination: 'https://example.com/a', weight: 100 }],
    };
    expect(decide(routing)).toMatchObject({ destination: 'https://example.com/mobile', matched: 'rule 2' });
    expect(decide(routing, request({ userAgent: MAC }))).toMatchObject({ destination: 'https://example.com/de', matched: 'rule 3' });
    expect(decide(routing, request({ userAgent: MAC, country: 'US' }))).toMatchObject({ matched: 'split a' });
  });

  describe('split', () => {
    const split: Routing = {
      split: [
        { destination: 'https://example.com/a', weight: 70 },
        { destination: 'https://example.com/b', weight: 30 },
      ],
    };

    it('follows the weights over many visitors', () => {
      const counts = { 'split a': 0, 'split b': 0 } as Record<string, number>;
      for (let i = 0; i < 10_000; i++) counts[decide(split, request({ visitor: `v${i}` })).matched] += 1;
      expect(counts['split a']).toBeGreaterThan(6700);
      expect(counts['split a']).toBeLessThan(7300);
      expect(counts['split a'] + counts['split b']).toBe(10_000);
    });

    it('a 100/0 split never answers the empty arm', () => {
      const all: Routing = {
        split: [
          { destination: 'https://example.com/a', weight: 100 },
          { destination: 'https://example.com/b', weight: 0 },
        ],
      };
      for (let i = 0; i < 500; i++) expect(decide(all, request({ visitor: `v${i}` })).matched).toBe('split a');
    });

    it('is sticky: the same visitor gets the same arm of a code, at any time', () => {
      for (let i = 0; i < 200; i++) {
        const first = decide(split, request({ visitor: `v${i}` }), NOW).matched;
        expect(decide(split, request({ visitor: `v${i}`, userAgent: MAC }), NOW + 3_600_000).matched).toBe(first);
      }
      expect(splitBucket(QR, 'v1')).toBe(splitBucket(QR, 'v1'));
    });

    it('salts the bucket with the code, so arms of two codes are independent', () => {
      const other = '0190a1b2-0000-7000-8000-000000000002';
      const differs = Array.from({ length: 100 }, (_, i) => splitBucket(QR, `v${i}`) !== splitBucket(other, `v${i}`));
      expect(differs.filter(Boolean).length).toBeGreaterThan(80);
    });
  });

  describe('limits', () => {
    const limits = (over: NonNullable<Routing['limits']>): Routing => ({ ...rule({}), limits: over });

    it('before validFrom: not yet valid, afterLimit if given, else no destination', () => {
      expect(decide(limits({ validFrom: '2026-12-02T10:00:01Z' }))).toMatchObject({ destination: null, matched: 'not yet valid' });
      expect(decide(limits({ validFrom: '2026-12-02T10:00:00Z' })).matched).toBe('rule 1');
      expect(decide(limits({ validFrom: '2027-01-01T00:00:00Z', afterLimit: 'https://example.com/soon' }))).toMatchObject({
        destination: 'https://example.com/soon',
        matched: 'not yet valid',
      });
    });

    it('from validUntil on: expired', () => {
      expect(decide(limits({ validUntil: '2026-12-02T10:00:00Z' }))).toMatchObject({ destination: null, matched: 'expired' });
      expect(decide(limits({ validUntil: '2026-12-02T10:00:00.001Z' })).matched).toBe('rule 1');
    });

    it('the cap: maxScans human scans answer the routing, then the limit', () => {
      const capped = limits({ maxScans: 3, afterLimit: 'https://example.com/sold-out' });
      expect(decide(capped, request(), NOW, 2).matched).toBe('rule 1');
      expect(decide(capped, request(), NOW, 3)).toMatchObject({ destination: 'https://example.com/sold-out', matched: 'limit' });
      expect(decide(capped, request(), NOW, 3).explanation).toContain('limit of 3 human scans');
    });

    it('validity is decided before the cap, and both before the rules', () => {
      const both = limits({ maxScans: 1, validUntil: '2026-01-01T00:00:00Z' });
      expect(decide(both, request(), NOW, 5).matched).toBe('expired');
    });
  });
});
