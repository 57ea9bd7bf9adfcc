import { counted, dateTime, timeOfDay } from './words';

describe('words on screen (issue 30 item 10)', () => {
  it('counts in the singular for exactly one, with thousands separators', () => {
    expect(counted('scan', 1)).toBe('1 scan');
    expect(counted('scan', 0)).toBe('0 scans');
    expect(counted('download', 2048)).toBe('2,048 downloads');
    expect(counted('person', 2, 'people')).toBe('2 people');
  });

  it("writes an instant in the viewer's locale and time zone, never raw ISO", () => {
    const at = '2026-12-11T21:30:00.000Z';
    expect(dateTime(at, 'en-US', 'America/New_York')).toBe('Dec 11, 2026, 4:30 PM');
    expect(dateTime(at, 'de-DE', 'Europe/Berlin')).toBe('11.12.2026, 22:30');
    expect(dateTime(at, 'en-GB', 'Asia/Tokyo')).toBe('12 Dec 2026, 06:30');
    expect(dateTime(null)).toBe('—');
    expect(dateTime('not a date')).toBe('—');
    expect(timeOfDay(at, 'en-GB', 'UTC')).toBe('21:30:00');
  });
});
