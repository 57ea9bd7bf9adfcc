import { ValidationFailed } from '../common/errors.filter';
import { ClientFields, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './client.events';

/**
 * The body of POST and PUT /api/white-label/clients, parsed: pure, so the rules are unit-tested without a server.
 * The form leaves out empty optional fields, so an absent text field means "none" on create and on update.
 * Booleans the form may not send (isActive) keep their value on update.
 */
export type ClientInput = Omit<ClientFields, 'isActive'> & { isActive: boolean | undefined };

export const NAME_MAX = 255;
export const URL_MAX = 2048;
/** Custom CSS is injected into every page of the tenant: bounded in size and refused when it could escape or fetch. */
export const CUSTOM_CSS_MAX_BYTES = 20 * 1024;
/** Names under BASE_DOMAIN that belong to the product itself. */
export const RESERVED_SUBDOMAINS: readonly string[] = ['www', 'api', 'app', 'admin', 'mail', 'static', 'cdn'];

export const MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  subdomain: 'Subdomain must be one DNS label: letters, digits and hyphens, at most 63 characters, not starting or ending with a hyphen',
  subdomainReserved: 'This subdomain is reserved',
  customDomain: 'Custom domain must be a host name such as qr.example.com (no https:// and no path)',
  customDomainUnderBase: 'Custom domain cannot be under the product domain; use the subdomain field instead',
  color: (label: string) => `${label} must be a hex colour such as #3B82F6`,
  url: (label: string) => `${label} must be an http(s) URL or a path starting with /`,
  cssTooLong: `Custom CSS must be at most ${CUSTOM_CSS_MAX_BYTES / 1024} KB`,
  cssStyleTag: 'Custom CSS cannot contain </style or other markup',
  cssImport: 'Custom CSS cannot @import from other sites; only paths starting with / are allowed',
  cssScript: 'Custom CSS cannot contain scripts (javascript:, expression() or behavior)',
  boolean: (key: string) => `${key} must be true or false`,
  idMismatch: 'The id in the body does not match the URL',
} as const;

const HEX_COLOR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
};

function bool(key: string, value: unknown, errors: Record<string, string>): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  errors[key] = MESSAGES.boolean(key);
  return undefined;
}

/** A host name (at least two labels, letters/digits/hyphens, an alphabetic top label), lowercased; null if not one. */
export function parseHostName(raw: string): string | null {
  const host = raw.toLowerCase().replace(/\.$/, '');
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL_RE.test(label))) return null;
  return /^[a-z][a-z0-9-]*$/.test(labels[labels.length - 1]) ? host : null;
}

/** http(s) URL with a host, or a same-origin path ('/x', never '//x' or '/\x', which browsers treat as another host). */
export function isSafeAssetUrl(value: string): boolean {
  // Quotes, markup, whitespace and backslashes have no place in a URL the pages put into attributes and CSS.
  if (/[\s"'<>\\\u0000-\u001f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** CSS with comments removed and escapes decoded, so `@\69mport` or `@im/**\/port` cannot hide a rule. */
export function normaliseCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_match, hex: string) => {
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
}

/** The first rule custom CSS breaks, or null. */
export function cssProblem(css: string): string | null {
  if (Buffer.byteLength(css, 'utf8') > CUSTOM_CSS_MAX_BYTES) return MESSAGES.cssTooLong;
  const plain = normaliseCss(css);
  // Injected into a <style> element: markup there could close it and start HTML (or a script) of its own.
  if (/<\s*\/?\s*(?:style|script)|<!--|<!\[cdata/i.test(css) || /<\s*\/?\s*(?:style|script)|<!--/.test(plain)) return MESSAGES.cssStyleTag;
  if (/javascript\s*:|expression\s*\(|behaviou?r\s*:|-moz-binding/.test(plain)) return MESSAGES.cssScript;
  for (const match of plain.matchAll(/@import\s*(?:url\(\s*)?(["']?)\s*([^"')\s;]*)/g)) {
    const target = match[2];
    if (!/^\/(?!\/)/.test(target)) return MESSAGES.cssImport;
  }
  return null;
}

/**
 * Parses a client body. `baseDomain` is the product's own domain: custom domains under it could never be reached
 * (the Host would be read as a subdomain), so they are refused.
 */
export function parseClientInput(body: unknown, baseDomain: string): ClientInput {
  const raw = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};

  const name = text(raw.name);
  if (!name) errors.name = MESSAGES.nameRequired;
  else if (name.length > NAME_MAX) errors.name = MESSAGES.nameTooLong;

  const subdomain = text(raw.subdomain)?.toLowerCase() ?? null;
  if (subdomain !== null) {
    if (!LABEL_RE.test(subdomain)) errors.subdomain = MESSAGES.subdomain;
    else if (RESERVED_SUBDOMAINS.includes(subdomain)) errors.subdomain = MESSAGES.subdomainReserved;
  }

  let customDomain: string | null = null;
  const domainText = text(raw.customDomain);
  if (domainText !== null) {
    customDomain = parseHostName(domainText);
    const base = baseDomain.toLowerCase();
    if (!customDomain) errors.customDomain = MESSAGES.customDomain;
    else if (customDomain === base || customDomain.endsWith(`.${base}`)) errors.customDomain = MESSAGES.customDomainUnderBase;
  }

  const color = (key: 'primaryColor' | 'secondaryColor', label: string, fallback: string): string => {
    const value = text(raw[key]);
    if (value === null) return fallback;
    if (!HEX_COLOR_RE.test(value)) errors[key] = MESSAGES.color(label);
    return value.toUpperCase();
  };
  const primaryColor = color('primaryColor', 'Primary colour', DEFAULT_PRIMARY_COLOR);
  const secondaryColor = color('secondaryColor', 'Secondary colour', DEFAULT_SECONDARY_COLOR);

  const asset = (key: 'logoUrl' | 'customFavicon', label: string): string | null => {
    const value = text(raw[key]);
    if (value !== null && (value.length > URL_MAX || !isSafeAssetUrl(value))) errors[key] = MESSAGES.url(label);
    return value;
  };
  const logoUrl = asset('logoUrl', 'Logo URL');
  const customFavicon = asset('customFavicon', 'Favicon URL');

  // CSS keeps its own whitespace; only a blank one counts as none.
  const cssRaw = typeof raw.customCSS === 'string' && raw.customCSS.trim() !== '' ? raw.customCSS : null;
  if (raw.customCSS !== undefined && raw.customCSS !== null && typeof raw.customCSS !== 'string') errors.customCSS = 'Custom CSS must be text';
  if (cssRaw !== null) {
    const problem = cssProblem(cssRaw);
    if (problem) errors.customCSS = problem;
  }

  const removeQRCodeSharksBranding = bool('removeQRCodeSharksBranding', raw.removeQRCodeSharksBranding, errors) ?? false;
  const isActive = bool('isActive', raw.isActive, errors);

  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  return { name: name!, customDomain, subdomain, logoUrl, primaryColor, secondaryColor, customFavicon, removeQRCodeSharksBranding, customCSS: cssRaw, isActive };
}

/** PUT /api/white-label/clients/{id}: the path's id; the body may repeat it (the page does) but not contradict it. */
export function checkBodyId(pathId: number, body: unknown): void {
  const bodyId = body && typeof body === 'object' ? (body as Record<string, unknown>).id : undefined;
  if (bodyId === undefined || bodyId === null || bodyId === '') return;
  if (Number(bodyId) !== pathId) throw new ValidationFailed({ id: MESSAGES.idMismatch });
}

/** The names a client holds, as reservation keys: a subdomain is one label, a custom domain has a dot. */
export function hostNames(fields: Pick<ClientFields, 'subdomain' | 'customDomain'>): string[] {
  return [fields.subdomain, fields.customDomain].filter((name): name is string => Boolean(name));
}
