import { DATE_INPUT_RE, type QrType } from './qr-types';

/** Where links point: the product's own origin (tenant domain), and the saved code's id or short code. */
export interface PayloadContext {
  origin: string;
  /** The saved record's id (payment product, pdf, image page). */
  id?: string;
  /** Set for dynamic codes: the payload is then the redirect link, whatever the type. */
  shortCode?: string;
}

const CRLF = '\r\n';

function str(fields: Record<string, unknown>, key: string): string {
  const v = fields[key];
  if (v === undefined || v === null) return '';
  return String(v).trim();
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

export function dynamicLink(origin: string, shortCode: string): string {
  return `${trimOrigin(origin)}/d/${encodeURIComponent(shortCode)}`;
}

/** RFC 2426 / RFC 5545 TEXT escaping: backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

export function encodeVCard(fields: Record<string, unknown>): string {
  const first = str(fields, 'firstName');
  const last = str(fields, 'lastName');
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeText(last)};${escapeText(first)};;;`,
    `FN:${escapeText([first, last].filter(Boolean).join(' '))}`,
  ];
  const phone = str(fields, 'phoneNumber');
  if (phone) lines.push(`TEL;TYPE=CELL:${escapeText(phone)}`);
  const email = str(fields, 'email');
  if (email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(email)}`);
  // URI values are not TEXT, so they are not backslash-escaped.
  const url = str(fields, 'url');
  if (url) lines.push(`URL:${url}`);
  const photo = str(fields, 'imageUrl');
  if (photo) lines.push(`PHOTO;VALUE=uri:${photo}`);
  const notes = str(fields, 'notes');
  if (notes) lines.push(`NOTE:${escapeText(notes)}`);
  lines.push('END:VCARD');
  return lines.join(CRLF);
}

export function encodeMailto(fields: Record<string, unknown>): string {
  const params: string[] = [];
  const subject = str(fields, 'subject');
  if (subject) params.push(`subject=${encodeURIComponent(subject)}`);
  const body = str(fields, 'body');
  if (body) params.push(`body=${encodeURIComponent(body)}`);
  return `mailto:${str(fields, 'email')}${params.length ? `?${params.join('&')}` : ''}`;
}

export function encodeMapsLink(fields: Record<string, unknown>): string {
  const lat = str(fields, 'latitude');
  const lng = str(fields, 'longitude');
  const query = lat && lng ? `${Number(lat)},${Number(lng)}` : encodeURIComponent(str(fields, 'address'));
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An input date as an iCalendar property: all-day dates use VALUE=DATE, zoned times become UTC, others stay floating. */
function icalDate(name: 'DTSTART' | 'DTEND', input: string, isEnd: boolean): string {
  const m = DATE_INPUT_RE.exec(input);
  if (!m) throw new RangeError(`Not a date: ${input}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (m[4] === undefined) {
    // DTEND of an all-day event is exclusive: the event ends the day after its last day.
    const d = new Date(Date.UTC(year, month - 1, day + (isEnd ? 1 : 0)));
    return `${name};VALUE=DATE:${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`;
  }
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const zone = m[7];
  if (zone === undefined) {
    return `${name}:${m[1]}${m[2]}${m[3]}T${pad2(hour)}${pad2(minute)}${pad2(second)}`;
  }
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute - offsetMinutes, second));
  return (
    `${name}:${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}` +
    `T${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}Z`
  );
}

export function encodeVEvent(fields: Record<string, unknown>): string {
  const start = str(fields, 'startDate');
  const end = str(fields, 'endDate') || start;
  const lines = ['BEGIN:VEVENT', `SUMMARY:${escapeText(str(fields, 'title'))}`, icalDate('DTSTART', start, false)];
  // A date-only end with a timed start (or the reverse) is written in the start's form.
  const endForm = (end.length === 10) === (start.length === 10) ? end : start.length === 10 ? end.slice(0, 10) : `${end}T00:00`;
  lines.push(icalDate('DTEND', endForm, true));
  const location = str(fields, 'location');
  if (location) lines.push(`LOCATION:${escapeText(location)}`);
  const description = str(fields, 'description');
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  lines.push('END:VEVENT');
  return lines.join(CRLF);
}

/** Phone numbers in links keep digits and a leading plus only. */
function dialable(phone: string): string {
  return phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
}

export function encodeSms(fields: Record<string, unknown>): string {
  const message = str(fields, 'message');
  return `sms:${dialable(str(fields, 'phoneNumber'))}${message ? `?body=${encodeURIComponent(message)}` : ''}`;
}

/** BIP21: bitcoin:<address>[?amount=&label=&message=], only the filled parts. */
export function encodeBitcoin(fields: Record<string, unknown>): string {
  const params: string[] = [];
  const amount = str(fields, 'amount');
  if (amount) params.push(`amount=${amount}`);
  const label = str(fields, 'label');
  if (label) params.push(`label=${encodeURIComponent(label)}`);
  const message = str(fields, 'message');
  if (message) params.push(`message=${encodeURIComponent(message)}`);
  return `bitcoin:${str(fields, 'address')}${params.length ? `?${params.join('&')}` : ''}`;
}

function escapeWifi(value: string): string {
  return value.replace(/([\\;,:"])/g, '\\$1');
}

/** The de-facto Wi-Fi payload read by phone cameras: WIFI:T:<auth>;S:<ssid>;P:<password>;H:true;; */
export function encodeWifi(fields: Record<string, unknown>): string {
  const encryption = str(fields, 'encryption') || 'WPA';
  const parts = [`T:${encryption}`, `S:${escapeWifi(str(fields, 'ssid'))}`];
  if (encryption !== 'nopass') parts.push(`P:${escapeWifi(String(fields.password ?? ''))}`);
  if (fields.hidden === true || fields.hidden === 'true') parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

/** Price in cents from a dollars value (number or string). */
export function priceToCents(value: unknown): number {
  return Math.round(Number(value) * 100);
}

export function encodePaymentLink(fields: Record<string, unknown>, ctx: PayloadContext): string {
  const origin = trimOrigin(ctx.origin);
  if (ctx.id) return `${origin}/payment?id=${encodeURIComponent(ctx.id)}`;
  // Unsaved product: the temporary link the checkout reads (price in cents, like the stored product).
  return (
    `${origin}/payment?temp=true&name=${encodeURIComponent(str(fields, 'productName'))}` + `&price=${priceToCents(fields.productPrice)}`
  );
}

/**
 * The text a code of this type encodes. Fields should have passed validateContent first.
 * A dynamic code (ctx.shortCode set) always encodes its redirect link.
 */
export function encodePayload(type: QrType, fields: Record<string, unknown>, ctx: PayloadContext): string {
  if (ctx.shortCode) return dynamicLink(ctx.origin, ctx.shortCode);
  const origin = trimOrigin(ctx.origin);
  switch (type) {
    case 'url':
    case 'social':
    case 'ratings':
    case 'apps':
      return str(fields, 'url');
    case 'contact':
      return encodeVCard(fields);
    case 'payment':
      return encodePaymentLink(fields, ctx);
    case 'pdf':
      return ctx.id ? `${origin}/pdf/${encodeURIComponent(ctx.id)}` : `${origin}/pdf/preview`;
    case 'images':
      return ctx.id ? `${origin}/images/${encodeURIComponent(ctx.id)}` : `${origin}/image-placeholder`;
    case 'email':
      return encodeMailto(fields);
    case 'location':
      return encodeMapsLink(fields);
    case 'events':
      return encodeVEvent(fields);
    case 'sms':
      return encodeSms(fields);
    case 'bitcoin':
      return encodeBitcoin(fields);
    case 'text':
      return fields.text === undefined || fields.text === null ? '' : String(fields.text);
    case 'wifi':
      return encodeWifi(fields);
    default: {
      const unknownType: never = type;
      throw new RangeError(`Unknown QR type: ${String(unknownType)}`);
    }
  }
}
