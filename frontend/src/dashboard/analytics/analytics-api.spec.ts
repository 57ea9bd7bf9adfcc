import { apiQuery, changeLabel, presetRange, searchFromView, valueLabel, viewFromSearch } from './analytics-api';

describe('analytics views in the address', () => {
  it('defaults to the last 30 days, today included, and keeps presets, custom ranges and filters', () => {
    const thirty = viewFromSearch(new URLSearchParams());
    expect(thirty.preset).toBe('30');
    expect((Date.parse(thirty.to) - Date.parse(thirty.from)) / 86_400_000).toBe(29);
    expect(thirty.to).toBe(new Date().toISOString().slice(0, 10));

    const week = viewFromSearch(new URLSearchParams('period=7&country=DE&device=mobile&hour=3'));
    expect(week).toEqual({ preset: '7', ...presetRange('7'), filters: { country: 'DE', device: 'mobile' } });
    expect(searchFromView(week).toString()).toBe('period=7&country=DE&device=mobile');
    // The hour of the day filters too ('00' to '23'); one the API would refuse is left out.
    const nine = viewFromSearch(new URLSearchParams('hour=09&country=DE'));
    expect(nine.filters).toEqual({ country: 'DE', hour: '09' });
    expect(apiQuery(nine)).toBe(`from=${nine.from}&to=${nine.to}&country=DE&hour=09`);
    expect(viewFromSearch(new URLSearchParams('hour=24')).filters).toEqual({});

    const custom = viewFromSearch(new URLSearchParams('from=2026-01-01&to=2026-01-31&referrer=(direct)'));
    expect(custom).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-01-31', filters: { referrer: '(direct)' } });
    expect(apiQuery(custom)).toBe('from=2026-01-01&to=2026-01-31&referrer=%28direct%29');
    expect(viewFromSearch(searchFromView(custom))).toEqual(custom);

    expect(viewFromSearch(new URLSearchParams('period=12&from=2026-01-01')).preset).toBe('30');
  });

  it('says the change against the previous period in words', () => {
    expect(changeLabel(150, 5)).toBe('+150%');
    expect(changeLabel(-33.3, 2)).toBe('-33.3%');
    expect(changeLabel(null, 4)).toBe('new');
    expect(changeLabel(null, 0)).toBe('0%');
    expect(valueLabel('country', 'DE')).toBe('Germany');
    expect(valueLabel('country', 'unknown')).toBe('unknown');
    expect(valueLabel('hour', '07')).toBe('07:00');
    expect(['split a', 'rule 12', 'default', 'limit', 'not yet valid', 'other'].map((route) => valueLabel('route', route))).toEqual([
      'Split A',
      'Rule 12',
      'Default destination',
      'After the limit',
      'Not yet valid',
      'other',
    ]);
  });
});
