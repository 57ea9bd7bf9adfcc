import { draftOfRouting, emptyArm, emptyRule, errorAt, moved, routingBody, splitProblem, type RoutingDraft } from './routing-form';

// The unit project runs in Node; its time zone is the machine's, so the instants are compared through Date.
const empty: RoutingDraft = { rules: [], split: [], maxScans: '', validFrom: '', validUntil: '', afterLimit: '' };

describe('routing form', () => {
  it('sends nothing for an empty routing (every part optional)', () => {
    expect(routingBody(empty)).toEqual({});
  });

  it('sends only the conditions a rule sets, countries upper-cased, weekdays sorted, the zone with weekdays or hours', () => {
    const rule = {
      ...emptyRule('Europe/Berlin'),
      countries: 'de, at',
      devices: ['mobile' as const],
      languages: 'de fr-CA',
      weekdays: [5, 1],
      hoursFrom: '09:00',
      hoursTo: '17:30',
      destination: ' https://cafe.example/de ',
    };
    const plain = { ...emptyRule('Europe/Berlin'), os: ['iOS' as const], destination: 'https://cafe.example/ios' };
    expect(routingBody({ ...empty, rules: [rule, plain] }).rules).toEqual([
      {
        when: {
          country: ['DE', 'AT'],
          device: ['mobile'],
          language: ['de', 'fr-CA'],
          weekdays: [1, 5],
          hours: { from: '09:00', to: '17:30' },
          timeZone: 'Europe/Berlin',
        },
        destination: 'https://cafe.example/de',
      },
      { when: { os: ['iOS'] }, destination: 'https://cafe.example/ios' },
    ]);
  });

  it('sends the split with numeric weights and the limits that are set', () => {
    const body = routingBody({
      ...empty,
      split: [
        { ...emptyArm('70'), destination: 'https://a.example' },
        { ...emptyArm('30'), destination: 'https://b.example' },
      ],
      maxScans: '1000',
      validUntil: '2027-01-01T00:00',
      afterLimit: 'https://cafe.example/over',
    });
    expect(body.split).toEqual([
      { destination: 'https://a.example', weight: 70 },
      { destination: 'https://b.example', weight: 30 },
    ]);
    expect(body.limits).toEqual({
      maxScans: 1000,
      validUntil: new Date('2027-01-01T00:00').toISOString().replace('.000Z', 'Z'),
      afterLimit: 'https://cafe.example/over',
    });
  });

  it('reads back what it sends', () => {
    const answer = {
      rules: [
        {
          when: {
            device: ['mobile'],
            country: ['DE'],
            from: '2026-12-01T00:00:00Z',
            hours: { from: '09:00', to: '17:00' },
            timeZone: 'UTC',
          },
          destination: 'https://cafe.example/phone',
        },
      ],
      split: [
        { destination: 'https://a.example', weight: 60 },
        { destination: 'https://b.example', weight: 40 },
      ],
      limits: { maxScans: 3, validFrom: '2026-11-01T10:00:00Z' },
      version: 4,
    };
    const body = routingBody(draftOfRouting(answer));
    const { version: _version, ...routing } = answer;
    expect(body).toEqual(routing);
  });

  it('says before saving when the weights do not add up to 100', () => {
    expect(splitProblem([])).toBeNull();
    expect(splitProblem([emptyArm('70'), emptyArm('30')])).toBeNull();
    expect(splitProblem([emptyArm('70'), emptyArm('20')])).toBe('The weights add up to 90; they must add up to 100.');
    expect(splitProblem([emptyArm('70'), emptyArm('x')])).toBe('The weights add up to 70; they must add up to 100.');
  });

  it("finds the server's message for a field or anything under it", () => {
    const errors = {
      'rules.0.when.country.1': 'Country must be a two-letter country code such as DE',
      'split.1.destination': 'URL is required',
    };
    expect(errorAt(errors, 'rules.0.when.country')).toBe('Country must be a two-letter country code such as DE');
    expect(errorAt(errors, 'split.1.destination')).toBe('URL is required');
    expect(errorAt(errors, 'rules.1.when.country')).toBeUndefined();
    expect(errorAt(errors, 'split.1')).toBe('URL is required');
  });

  it('moves a rule up and down, not past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
