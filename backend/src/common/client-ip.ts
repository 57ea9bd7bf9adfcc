import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The client's IP, by one rule for every caller (Express's req.ip, the /d/ fast path, rate limits, visitor and
 * tracking hashes): Express's `trust proxy` semantics through proxy-addr, the package Express itself uses. The
 * addresses are the socket's, then X-Forwarded-For from right to left; the first one that is not trusted is the
 * client. A client can write anything into the left of X-Forwarded-For, never into what a trusted proxy appended.
 */

/** (address, hop index from the socket) -> trusted? The form Express accepts for `trust proxy`. */
export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY parsed: nothing trusted, a hop count, or proxy addresses/CIDRs (proxy-addr's names loopback, linklocal, uniquelocal too). */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_TRUE =
  'TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could choose its own IP (and escape the rate limits): set the ' +
  'number of proxies in front of the product (1) or their addresses (10.0.0.0/8,127.0.0.1)';

/** 'false'/'0'/'no' -> false; '1', '2' -> hop count; 'a,b/8' -> list; 'true'/'yes' -> refused (throws). */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes') throw new Error(TRUST_PROXY_TRUE);
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`${value}: more than 32 hops`);
    return hops;
  }
  const list = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  proxyaddr.compile(list); // throws on anything that is not an IP, a CIDR or a preset name
  return list;
}

/** The trust function for a parsed TRUST_PROXY: handed to Express (`trust proxy`) and used by clientIp below. */
export function trustFunction(trust: TrustProxy): TrustFunction {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile(trust);
}

/** Whether any proxy is trusted (the proxy's country header, X-Forwarded-Proto). */
export const trustsProxies = (trust: TrustProxy): boolean => trust !== false;

/** The right-most untrusted address of the request (IPv4-mapped IPv6 shown as IPv4), '' when the socket is gone. */
export function clientIp(req: IncomingMessage, trust: TrustFunction): string {
  if (!req.socket?.remoteAddress) return '';
  const address = proxyaddr(req, trust);
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
