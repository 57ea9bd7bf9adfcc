// How screens write counts and instants: "1 scan", "2,048 scans"; dates in the viewer's own locale and time zone.

/** `count` with its unit, singular for exactly one: counted('scan', 1) = "1 scan", counted('person', 2, 'people'). */
export function counted(unit: string, count: number, unitPlural = `${unit}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? unit : unitPlural}`;
}

/**
 * An instant as the viewer reads dates (their browser's locale and time zone), with the day and the time of day; an
 * empty or unreadable value is "—". `locale` and `timeZone` are for tests; screens leave them to the browser.
 */
export function dateTime(value: string | number | Date | null | undefined, locale?: string, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** The time of day of an instant, in the viewer's locale and time zone, to the second (a live feed's scans). */
export function timeOfDay(value: string | number | Date, locale?: string, timeZone?: string): string {
  return new Date(value).toLocaleTimeString(locale, { timeZone });
}
