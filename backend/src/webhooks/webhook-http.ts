import { lookup as dnsLookup, Resolver } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLocalOrPrivateHost, isNonPublicAddress } from '../codes';
import { hostToResolve } from './webhook-url';

export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** DESTINATION_DNS_SERVERS: ask these instead of the system's resolver. */
  dnsServers: readonly string[];
}

/** An attempt's outcome: `HTTP 204`, or why it failed before an answer. `ok` for a 2xx only (a redirect is not followed). */
export interface DeliveryOutcome {
  ok: boolean;
  status: string;
}

/** The addresses of the webhook's host now: the name is resolved at every attempt, never trusted from its creation. */
async function addressesOf(host: string, options: DeliveryOptions, signal: AbortSignal): Promise<{ address: string; family: number }[]> {
  if (!options.dnsServers.length) return dnsLookup(host, { all: true, verbatim: true });
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  resolver.setServers([...options.dnsServers]);
  signal.addEventListener('abort', () => resolver.cancel(), { once: true });
  const found = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  return found.flatMap((result, index) =>
    result.status === 'fulfilled' ? result.value.map((address) => ({ address, family: index === 0 ? 4 : 6 })) : [],
  );
}

/**
 * One POST of a delivery, bounded by `timeoutMs` from the DNS look-up to the answer's end. Unless private destinations
 * are allowed, every address the host resolves to now must be public (DNS rebinding: a name that was public at creation
 * may point inward later), and the connection goes to the address that was checked. Redirects are not followed.
 */
export async function deliver(request: DeliveryRequest, options: DeliveryOptions): Promise<DeliveryOutcome> {
  const url = new URL(request.url);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const host = hostToResolve(url.href);
    let pinned: { address: string; family: number } | null = null;
    if (host === null) {
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && isLocalOrPrivateHost(literal)) return { ok: false, status: 'refused: a private address' };
      pinned = { address: literal, family: isIP(literal) };
    } else {
      if (!options.allowPrivate && isLocalOrPrivateHost(host)) return { ok: false, status: 'refused: a local host name' };
      let addresses: { address: string; family: number }[];
      try {
        addresses = await addressesOf(host, options, controller.signal);
      } catch {
        addresses = [];
      }
      if (controller.signal.aborted) return { ok: false, status: `timed out after ${options.timeoutMs} ms` };
      if (!addresses.length) return { ok: false, status: `could not resolve ${host}` };
      if (!options.allowPrivate && addresses.some((found) => isNonPublicAddress(found.address)))
        return { ok: false, status: `refused: ${host} resolves to a private address` };
      pinned = addresses[0];
    }
    const target = pinned;
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
      else callback(null, target.address, target.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return await new Promise<DeliveryOutcome>((resolve) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          lookup,
          signal: controller.signal,
          agent: false,
        },
        (res) => {
          res.resume();
          const status = res.statusCode ?? 0;
          const settle = () => resolve({ ok: status >= 200 && status < 300, status: `HTTP ${status}` });
          res.once('end', settle);
          res.once('error', () =>
            resolve({
              ok: false,
              status: controller.signal.aborted ? `timed out after ${options.timeoutMs} ms` : `HTTP ${status}, answer cut off`,
            }),
          );
        },
      );
      req.once('error', (error: NodeJS.ErrnoException) =>
        resolve({
          ok: false,
          status: controller.signal.aborted ? `timed out after ${options.timeoutMs} ms` : `failed: ${error.code ?? error.message}`,
        }),
      );
      req.end(request.body);
    });
  } finally {
    clearTimeout(timer);
  }
}
