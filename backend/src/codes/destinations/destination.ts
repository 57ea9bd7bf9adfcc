import { BlockList, isIP } from 'node:net';
import { DomainError } from '../../common/domain-error';
import { hostMatchesDomain, type UnresolvedReason } from '../model/qr-code.events';

/** Where a dynamic code may send scanners: decided from settings and the tenants' hosts before the pure decision. */
export interface DestinationPolicy {
  /** True for a host name of this product: its public origin, the base domain and its subdomains, tenants' domains. */
  isOwnHost(hostname: string): boolean;
  /** Intranet installations may allow loopback, link-local and private addresses (ALLOW_PRIVATE_DESTINATIONS). */
  allowPrivate: boolean;
  /** True for a host on the staff's destination blocklist (the domain or a subdomain of it). */
  isBlocked?(hostname: string): boolean;
  /**
   * What the destination's host name resolved to when it was saved (DestinationPolicies asks DNS, A and AAAA, with a
   * bounded timeout): a name any of whose addresses is not public is refused like the address itself. Absent where
   * nothing was resolved (pure unit tests); a name missing from it is judged by its spelling alone.
   */
  resolutions?: ReadonlyMap<string, HostResolution>;
}

/** A destination's name that did not resolve at save time is allowed (printed codes point at sites not live yet), recorded. */
export type HostResolution = { addresses: readonly string[] } | { unresolved: UnresolvedReason };

/** One limit on create and update, on the URL exactly as stored and sent in Location. */
export const MAX_DESTINATION_LENGTH = 2048;

export const DESTINATION_MESSAGES = {
  required: 'URL is required',
  invalid: 'Please enter a valid URL',
  protocol: 'URL must use http or https protocol',
  control: 'URL must not contain control characters or line breaks',
  credentials: 'URL must not contain a user name or password',
  ownHost: 'URL must not point to this QR code service itself (the code would send scanners in a loop)',
  private: 'URL must not point to a local or private network address',
  length: `URL must be at most ${MAX_DESTINATION_LENGTH} characters`,
  blocked: 'URL points to a blocked domain: this destination was reported for abuse',
} as const;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * The only paths of our own hosts a code may send scanners to: the hosted pages of codes whose content is not a web
 * address (the generator points dynamic pdf and gallery codes at them) and the payment checkout. Everything else on
 * our hosts is refused, /d/ above all: a code pointing at a /d/ link sends every scan round in a loop.
 */
const OWN_PAGES = /^\/(pdf|images)\/[^/]+$|^\/payment$/;

/**
 * IPv4 ranges that are not the public internet: "this network", private, carrier-grade NAT, loopback, link-local,
 * IETF protocol assignments, benchmarking, multicast, reserved and broadcast.
 */
const NOT_PUBLIC_V4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4');
}
/**
 * IPv6 ranges that are not the public internet and carry no IPv4 address to judge instead: local-use NAT64
 * (64:ff9b:1::/48), discard-only, unique local (fc00::/7), link-local (fe80::/10), the deprecated site-local
 * (fec0::/10) and multicast. Forms that embed an IPv4 address are judged by that address (ipv6Embedded).
 */
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address (isIP already said it is one): groups, one `::`, a dotted IPv4 tail. */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = tail === null ? [] : groups(tail);
  const all = tail === null ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

const v4 = (bytes: number[]) => bytes.join('.');

/**
 * The IPv4 addresses an IPv6 address stands for, which decide whether it is public: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96, so :: and ::1 are 0.0.0.0 and 0.0.0.1), NAT64
 * (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32: its server and its de-obfuscated client). Empty for others.
 */
function ipv6Embedded(bytes: number[]): string[] {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const last = bytes.slice(12);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return [v4(last)];
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) return [v4(last)];
  if (zero(0, 12)) return [v4(last)];
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return [v4(last)];
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return [v4(bytes.slice(2, 6))];
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0)
    return [v4(bytes.slice(4, 8)), v4(last.map((byte) => byte ^ 0xff))];
  return [];
}

/**
 * True for an IP address (v4, or v6 in any spelling: compressed, with a dotted IPv4 tail, mapped, translated,
 * compatible, NAT64, 6to4, Teredo) that is not on the public internet. False for anything that is not an address.
 */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return NOT_PUBLIC_V4.check(address, 'ipv4');
  if (version !== 6) return false;
  const bytes = ipv6Bytes(address.toLowerCase());
  const embedded = ipv6Embedded(bytes);
  if (embedded.length) return embedded.some((inner) => NOT_PUBLIC_V4.check(inner, 'ipv4'));
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
  return NOT_PUBLIC_V6.check(groups, 'ipv6');
}

/** An address literal (URL hosts keep IPv6 in brackets) in a non-public range, or a name that means this machine. */
export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  return isNonPublicAddress(host);
}

/**
 * The host name of a destination that DNS should be asked about at save time: the same trimming and parsing as
 * checkDestination, and only for names (address literals and names that mean this machine are judged as they are).
 */
export function destinationNameToResolve(raw: unknown): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const hostname = url.hostname.replace(/\.$/, '').toLowerCase();
  if (!hostname || hostname.startsWith('[') || isIP(hostname) || isLocalOrPrivateHost(hostname)) return null;
  return hostname;
}

/**
 * A dynamic code's destination (core spec section 5: non-empty, a valid URL, http or https), made safe: no control
 * characters, no credentials, not this service (a loop through /d/), not a local or private address unless allowed,
 * at most 2048 characters. Returns the URL exactly as the redirect will send it (`URL.href`), which is what is stored.
 */
export function checkDestination(raw: unknown, policy: DestinationPolicy): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) throw DomainError.invalid(DESTINATION_MESSAGES.required, 'destination');
  if (CONTROL.test(value)) throw DomainError.invalid(DESTINATION_MESSAGES.control, 'destination');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw DomainError.invalid(DESTINATION_MESSAGES.invalid, 'destination');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw DomainError.invalid(DESTINATION_MESSAGES.protocol, 'destination');
  if (!url.hostname) throw DomainError.invalid(DESTINATION_MESSAGES.invalid, 'destination');
  if (url.username || url.password) throw DomainError.invalid(DESTINATION_MESSAGES.credentials, 'destination');
  const hostname = url.hostname.replace(/\.$/, '').toLowerCase();
  if (policy.isOwnHost(hostname) && !OWN_PAGES.test(url.pathname)) throw DomainError.invalid(DESTINATION_MESSAGES.ownHost, 'destination');
  if (!policy.allowPrivate && (isLocalOrPrivateHost(hostname) || resolvesInward(hostname, policy)))
    throw DomainError.invalid(DESTINATION_MESSAGES.private, 'destination');
  if (policy.isBlocked?.(hostname)) throw DomainError.invalid(DESTINATION_MESSAGES.blocked, 'destination');
  if (url.href.length > MAX_DESTINATION_LENGTH) throw DomainError.invalid(DESTINATION_MESSAGES.length, 'destination');
  return url.href;
}

/** Links inside a static code's text (a URL field, a vCard's website, a plain-text code mentioning a site). */
const LINK_IN_TEXT = /https?:\/\/[^\s"'<>;,]+/gi;
/** Fields that hold a web address, which people may type without its scheme. */
const WEB_FIELD = /url|website|link/i;

function linkHosts(key: string, value: string): string[] {
  const links = [...value.matchAll(LINK_IN_TEXT)].map((match) => match[0]);
  const bare = value.trim();
  if (WEB_FIELD.test(key) && bare && !/^[a-z][a-z\d+.-]*:/i.test(bare)) links.push(`https://${bare}`);
  return links.flatMap((link) => (URL.canParse(link) ? [new URL(link).hostname.replace(/\.$/, '').toLowerCase()] : []));
}

/**
 * A static code is printed with its links inside: one to a domain on the staff's blocklist is refused at create with the
 * message a dynamic code's destination gets, on the field that holds it (issue 30 item 6).
 */
export function checkStaticContent(fields: Record<string, unknown>, policy: DestinationPolicy): void {
  const isBlocked = policy.isBlocked;
  if (!isBlocked) return;
  const visit = (field: string, key: string, value: unknown): void => {
    if (typeof value === 'string') {
      if (linkHosts(key, value).some((host) => isBlocked(host))) throw DomainError.invalid(DESTINATION_MESSAGES.blocked, field);
    } else if (Array.isArray(value)) value.forEach((item) => visit(field, key, item));
    else if (value && typeof value === 'object') for (const [inner, item] of Object.entries(value)) visit(field, inner, item);
  };
  for (const [field, value] of Object.entries(fields)) visit(field, field, value);
}

function resolvesInward(hostname: string, policy: DestinationPolicy): boolean {
  const resolution = policy.resolutions?.get(hostname);
  return Boolean(resolution && 'addresses' in resolution && resolution.addresses.some(isNonPublicAddress));
}

/**
 * Why the host name of a destination checkDestination accepted (`href`) did not resolve when it was saved, or
 * undefined (it resolved, it is an address, or nothing was resolved): recorded on QrCreated and QrDestinationChanged.
 */
export function unresolvedReason(href: string | null, policy: DestinationPolicy): UnresolvedReason | undefined {
  const hostname = destinationNameToResolve(href);
  const resolution = hostname ? policy.resolutions?.get(hostname) : undefined;
  return resolution && 'unresolved' in resolution ? resolution.unresolved : undefined;
}

/** Own hosts from settings and the tenants' configured domains. */
export function ownHostPolicy(options: {
  publicOrigin: string;
  baseDomain: string;
  tenantHosts: Iterable<string>;
  allowPrivate: boolean;
  blockedDomains?: readonly string[];
}): DestinationPolicy {
  const exact = new Set<string>([new URL(options.publicOrigin).hostname.toLowerCase(), options.baseDomain.toLowerCase()]);
  for (const host of options.tenantHosts) exact.add(host.toLowerCase());
  const suffix = `.${options.baseDomain.toLowerCase()}`;
  const blocked = options.blockedDomains ?? [];
  return {
    isOwnHost: (hostname) => exact.has(hostname) || hostname.endsWith(suffix),
    allowPrivate: options.allowPrivate,
    isBlocked: (hostname) => blocked.some((domain) => hostMatchesDomain(hostname, domain)),
  };
}
