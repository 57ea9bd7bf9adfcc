/**
 * A value from a person, made safe for a mail header: control characters (CR and LF above all, which would start a
 * new header), Unicode line and paragraph separators and runs of spaces become one space; at most `max` characters.
 * Names go into address objects ({ name, address }) so nodemailer encodes them (RFC 2047), never into a raw header.
 */
export function headerSafe(value: unknown, max = 200): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return [...text.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029\s]+/g, ' ').trim()].slice(0, max).join('');
}

/** The address part of a `Name <address>` setting (MAIL_FROM), or the value itself. */
export function addressOf(value: string): string {
  return /<([^>]+)>\s*$/.exec(value)?.[1] ?? value.trim();
}
