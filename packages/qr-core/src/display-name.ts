// A code's one display name (issue 30 item 1): the name its owner typed, else one derived from its content. Cards,
// dialogs, analytics lists, the staff console, audit sentences and mails all name a code with this function, so a
// code has one name everywhere. A password, a raw payload or a private field (a note, a message body, an amount) is
// never part of it.
import { QR_TYPE_LABELS, isQrType } from './qr-types';

/** Longest derived name; a typed name keeps its own bound (100, the create and rename schemas). */
export const DISPLAY_NAME_MAX = 60;

export interface NameableCode {
  qrType: string;
  /** The owner's name for it, if any. */
  name?: string | null;
  /** The content form's fields (qrData / the event's fields). */
  fields?: Record<string, unknown> | null;
  /** A dynamic code's destination, when its fields do not hold the address. */
  destination?: string | null;
}

const str = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/** Cut at a word boundary, with an ellipsis, so no word is broken mid-word. */
function bound(text: string, max = DISPLAY_NAME_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Domain and path of a web address, without scheme, credentials, query or fragment (they can carry tokens). */
export function addressName(value: unknown): string {
  const text = str(value);
  if (!text) return '';
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
    if (!url.hostname) return '';
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.hostname.replace(/^www\./, '')}${path}`;
  } catch {
    return '';
  }
}

/** Raw payloads that a plain-text code may hold: never shown as its name. */
const PAYLOAD_RE = /^(WIFI:|BEGIN:|MATMSG:|MECARD:|SMSTO:|MAILTO:|TEL:|GEO:|BITCOIN:|ETHEREUM:)/i;

function derived(qrType: string, fields: Record<string, unknown>, destination: string | null): string {
  switch (qrType) {
    case 'wifi':
      return str(fields.ssid);
    case 'contact':
      return `${str(fields.firstName)} ${str(fields.lastName)}`.trim();
    case 'payment':
      return str(fields.productName);
    case 'pdf':
    case 'images':
    case 'events':
      return str(fields.title);
    case 'ratings':
      return str(fields.businessName) || addressName(fields.url) || addressName(destination);
    case 'apps':
      return str(fields.appName) || addressName(fields.url) || addressName(destination);
    case 'email':
      return str(fields.email) ? `Email to ${str(fields.email)}` : '';
    case 'sms':
      return str(fields.phoneNumber) ? `SMS to ${str(fields.phoneNumber)}` : '';
    case 'location':
      return str(fields.name) || str(fields.address);
    case 'bitcoin': {
      if (str(fields.label)) return str(fields.label);
      const address = str(fields.address);
      return address ? `Bitcoin to ${address.length > 12 ? `${address.slice(0, 10)}…` : address}` : '';
    }
    case 'text': {
      const text = str(typeof fields.text === 'string' ? fields.text.split('\n').find((line) => line.trim()) : '');
      return PAYLOAD_RE.test(text) ? '' : text;
    }
    default:
      // url, social and anything newer: the address it leads to.
      return addressName(fields.url) || addressName(destination);
  }
}

/** The type's own words for a code that gives nothing better: "Wi-Fi code". */
export function typeName(qrType: string): string {
  return `${isQrType(qrType) ? QR_TYPE_LABELS[qrType] : qrType || 'QR'} code`;
}

/** The code's display name: the typed name, else the content's telling field, else "{Type} code". Never empty. */
export function codeDisplayName(code: NameableCode): string {
  const typed = str(code.name);
  if (typed) return bound(typed, 100);
  const fields = code.fields && typeof code.fields === 'object' ? code.fields : {};
  return bound(derived(code.qrType, fields, code.destination ?? null)) || typeName(code.qrType);
}
