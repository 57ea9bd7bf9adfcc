import { BlockList, isIP } from 'node:net';
import { DomainError } from '../command-pipeline/domain-error';
import { hostMatchesDomain } from './qr-code.events';

/** Where a dynamic code may send scanners: decided from settings and the tenants' hosts before the pure decision. */
export interface DestinationPolicy {
  /** True for a host name of this product: its public origin, the base domain and its subdomains, tenants' domains. */
  isOwnHost(hostname: string): boolean;
  /** Intranet installations may allow loopback, link-local and private addresses (ALLOW_PRIVATE_DESTINATIONS). */
  allowPrivate: boolean;
  /** True for a host on the staff's destination blocklist (the domain or a subdomain of it). */
  isBlocked?(hostname: string): boolean;
}

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
 * Loopback, "this network", link-local, private, carrier-grade NAT, multicast and reserved ranges, v4 and v6. No
 * ::ffff:0:0/96 rule: BlockList checks IPv4 addresses as IPv4-mapped, so it would match every IPv4 address; mapped
 * literals are unwrapped and checked as IPv4 instead.
 */
const NOT_PUBLIC = new BlockList();
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
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** An address literal (URL hosts keep IPv6 in brackets) in a non-public range, or a name that means this machine. */
export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const version = isIP(host);
  if (version === 4) return NOT_PUBLIC.check(host, 'ipv4');
  if (version === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    return mapped ? NOT_PUBLIC.check(mapped[1], 'ipv4') : NOT_PUBLIC.check(host, 'ipv6');
  }
  return false;
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
  if (!policy.allowPrivate && isLocalOrPrivateHost(hostname)) throw DomainError.invalid(DESTINATION_MESSAGES.private, 'destination');
  if (policy.isBlocked?.(hostname)) throw DomainError.invalid(DESTINATION_MESSAGES.blocked, 'destination');
  if (url.href.length > MAX_DESTINATION_LENGTH) throw DomainError.invalid(DESTINATION_MESSAGES.length, 'destination');
  return url.href;
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
