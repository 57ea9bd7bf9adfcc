import { Inject, Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';
import { ENV, Env } from '../../config/env';
import type { HostResolution } from './destination';
import type { UnresolvedReason } from '../model/qr-code.events';

/** DNS answers that mean the name (or this record type) does not exist: a site not live yet. */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NOTFOUND', 'NODATA']);
const TIMEOUT = new Set(['ETIMEOUT', 'ETIMEDOUT', 'ECANCELLED']);

/**
 * A destination's host name, resolved when it is saved (never on the scan path): A and AAAA at once, on a resolver
 * of its own, bounded by DESTINATION_DNS_TIMEOUT_MS as a whole (the resolver is cancelled then). Every address found
 * is answered, so that checkDestination refuses the name if any of them is not public; a name that has none answers
 * why (not found, timed out, failed), which is allowed and recorded.
 */
@Injectable()
export class DestinationResolver {
  constructor(@Inject(ENV) private readonly env: Env) {}

  async resolve(hostname: string): Promise<HostResolution> {
    const timeoutMs = this.env.DESTINATION_DNS_TIMEOUT_MS;
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (this.env.DESTINATION_DNS_SERVERS.length) resolver.setServers(this.env.DESTINATION_DNS_SERVERS);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const lookups = Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    try {
      const settled = await Promise.race([lookups, deadline]);
      if (settled === 'timeout') {
        resolver.cancel();
        return { unresolved: 'timeout' };
      }
      const addresses = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
      if (addresses.length) return { addresses };
      return { unresolved: reasonOf(settled.map((result) => (result.status === 'rejected' ? (result.reason as { code?: string }) : {}))) };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Both look-ups found nothing: not found when DNS said so for both, timed out when either timed out, else failed. */
function reasonOf(errors: { code?: string }[]): UnresolvedReason {
  const codes = errors.map((error) => error.code ?? 'ENODATA');
  if (codes.every((code) => NOT_FOUND.has(code))) return 'not_found';
  if (codes.some((code) => TIMEOUT.has(code))) return 'timeout';
  return 'failed';
}
