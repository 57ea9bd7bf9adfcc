import { z } from 'zod';
import { DomainError } from '../common/domain-error';
import { displayName, text, zodErrors } from '../common/input';
import { ClientFields, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './client.events';
import { cssReferences, isOwnUpload, isSameOriginPath } from './custom-css-urls';

/**
 * The body of POST and PUT /api/white-label/clients as one zod schema (pure: the rules are unit-tested without a
 * server, and the same schema documents the routes). The form leaves out empty optional fields, so an absent text
 * field means "none" on create and on update. Booleans the form may not send (isActive) keep their value on update.
 */
export type ClientInput = Omit<ClientFields, 'isActive'> & { isActive: boolean | undefined };
/** What the routes parse: the input, plus the `id` the page repeats on PUT (checked against the path). */
export type ClientBody = ClientInput & { id?: number };

export const NAME_MAX = 255;
export const URL_MAX = 2048;
const HOST_MAX = 253;
const COLOR_MAX = 20;
/**
 * Custom CSS is injected into every page of the tenant: bounded in size and refused when it could escape, run script or
 * fetch from anywhere but the tenant's own uploads (a tracker; with attribute selectors, a reader of what people type).
 */
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
  cssExternal:
    'Custom CSS can load images and fonts only from your own uploads (/uploads/...): url(), image-set() and @font-face sources ' +
    'elsewhere are not allowed',
  boolean: (key: string) => `${key} must be true or false`,
  idMismatch: 'The id in the body does not match the URL',
} as const;

const HEX_COLOR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name (at least two labels, letters/digits/hyphens, an alphabetic top label), lowercased; null if not one. */
export function parseHostName(raw: string): string | null {
  const host = raw.toLowerCase().replace(/\.$/, '');
  if (host.length > HOST_MAX) return null;
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
  // What the browser would fetch, read as the browser reads it (comments inside strings are not comments there).
  for (const ref of cssReferences(css)) {
    if (ref.kind === 'import' ? !isSameOriginPath(ref.target) : !isOwnUpload(ref.target))
      return ref.kind === 'import' ? MESSAGES.cssImport : MESSAGES.cssExternal;
  }
  return null;
}

// ---------------------------------------------------------------- the schema

/** The form sends null or leaves a field out for "none"; both read as absent. */
const absentIfNull = (value: unknown) => (value === null ? undefined : value);

/** An optional text field: absent, null or blank is null; otherwise checked by `rule` (a message, or null when fine). */
function optionalText(
  options: { label: string; max: number; message: string; multiline?: boolean; trim?: boolean },
  rule: (value: string) => string | null = () => null,
) {
  return z.preprocess(
    absentIfNull,
    text({
      label: options.label,
      max: options.max,
      maxMessage: options.message,
      typeMessage: options.message,
      multiline: options.multiline,
      trim: options.trim,
    })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return null;
        const problem = rule(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
        return value;
      }),
  );
}

/** A hex colour, stored upper-case; absent means the default. */
const color = (label: string, fallback: string) =>
  z.preprocess(
    absentIfNull,
    text({ label, max: COLOR_MAX, maxMessage: MESSAGES.color(label), typeMessage: MESSAGES.color(label) })
      .optional()
      .transform((value, ctx) => {
        if (!value) return fallback;
        if (!HEX_COLOR_RE.test(value)) ctx.addIssue({ code: 'custom', message: MESSAGES.color(label) });
        return value.toUpperCase();
      }),
  );

/** The form's checkboxes arrive as booleans or as 'true'/'false'; absent keeps (update) or defaults (create). */
const flag = (key: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '']), z.null()], { error: MESSAGES.boolean(key) })
    .optional()
    .transform((value) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined));

/** Typed as what it yields: a compile error here means the schema and the command's input drifted apart. */
export const clientInputSchema: z.ZodType<ClientBody> = z.object({
  name: z
    .preprocess(
      (value) => value ?? '',
      displayName({ label: 'Name', min: 1, max: NAME_MAX, minMessage: MESSAGES.nameRequired, maxMessage: MESSAGES.nameTooLong }),
    )
    .refine((name) => name !== '', MESSAGES.nameRequired),
  subdomain: optionalText({ label: 'Subdomain', max: 63, message: MESSAGES.subdomain }, (value) =>
    !LABEL_RE.test(value.toLowerCase())
      ? MESSAGES.subdomain
      : RESERVED_SUBDOMAINS.includes(value.toLowerCase())
        ? MESSAGES.subdomainReserved
        : null,
  ).transform((value) => value?.toLowerCase() ?? null),
  customDomain: optionalText({ label: 'Custom domain', max: HOST_MAX + 1, message: MESSAGES.customDomain }, (value) =>
    parseHostName(value) ? null : MESSAGES.customDomain,
  ).transform((value) => (value === null ? null : parseHostName(value))),
  primaryColor: color('Primary colour', DEFAULT_PRIMARY_COLOR),
  secondaryColor: color('Secondary colour', DEFAULT_SECONDARY_COLOR),
  logoUrl: optionalText({ label: 'Logo URL', max: URL_MAX, message: MESSAGES.url('Logo URL') }, (value) =>
    isSafeAssetUrl(value) ? null : MESSAGES.url('Logo URL'),
  ),
  customFavicon: optionalText({ label: 'Favicon URL', max: URL_MAX, message: MESSAGES.url('Favicon URL') }, (value) =>
    isSafeAssetUrl(value) ? null : MESSAGES.url('Favicon URL'),
  ),
  // CSS keeps its own whitespace (not trimmed); only a blank one counts as none. Its size is checked in bytes.
  customCSS: z.preprocess(
    absentIfNull,
    text({ label: 'Custom CSS', max: CUSTOM_CSS_MAX_BYTES, maxMessage: MESSAGES.cssTooLong, multiline: true, trim: false })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return null;
        const problem = cssProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
        return value;
      }),
  ),
  removeQRCodeSharksBranding: flag('removeQRCodeSharksBranding').transform((value) => value ?? false),
  isActive: flag('isActive'),
  /** PUT: the page repeats the path's id; compared in the handler (a number that is not the path's is refused). */
  id: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === undefined || value === null || value === '' ? undefined : Number(value))),
});

/**
 * A custom domain under the product's own domain could never be reached (its Host is read as a subdomain): refused.
 * BASE_DOMAIN is configuration, so this rule runs in the decisions, not in the route's schema.
 */
export function assertReachable(customDomain: string | null, baseDomain: string): void {
  if (!customDomain) return;
  const base = baseDomain.toLowerCase();
  if (customDomain === base || customDomain.endsWith(`.${base}`))
    throw DomainError.invalid({ customDomain: MESSAGES.customDomainUnderBase });
}

/** Parses a client body as the routes do, then applies the base-domain rule: for tests and scripts. */
export function parseClientInput(body: unknown, baseDomain: string): ClientBody {
  const parsed = clientInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw DomainError.invalid(zodErrors(parsed.error));
  assertReachable(parsed.data.customDomain, baseDomain);
  return parsed.data;
}

/** PUT /api/white-label/clients/{id}: the body may repeat the path's id (the page does) but not contradict it. */
export function checkBodyId(pathId: number, bodyId: number | undefined): void {
  if (bodyId !== undefined && bodyId !== pathId) throw DomainError.invalid({ id: MESSAGES.idMismatch });
}

/** The names a client holds, as reservation keys: a subdomain is one label, a custom domain has a dot. */
export function hostNames(fields: Pick<ClientFields, 'subdomain' | 'customDomain'>): string[] {
  return [fields.subdomain, fields.customDomain].filter((name): name is string => Boolean(name));
}
