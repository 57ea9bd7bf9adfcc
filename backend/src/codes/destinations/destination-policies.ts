import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../../config/env';
import { TenantsService } from '../../tenants';
import { destinationNameToResolve, ownHostPolicy, type DestinationPolicy, type HostResolution } from './destination';
import { DestinationResolver } from './destination-resolver';

/**
 * The destination policy of this moment: settings, every tenant's configured domain (cached by TenantsService), the
 * destination blocklist (read each time: a create or update must see a domain blocked a moment ago; the table is
 * small) and what the host names of the destinations about to be decided resolve to (unless private destinations are
 * allowed; our own hosts are not asked about). Every command that accepts a destination passes it here.
 */
@Injectable()
export class DestinationPolicies {
  constructor(
    private readonly tenants: TenantsService,
    private readonly dataSource: DataSource,
    private readonly resolver: DestinationResolver,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** `destinations`: the raw values the decision may check (checkDestination parses them the same way). */
  async current(destinations: readonly unknown[]): Promise<DestinationPolicy> {
    const blocked = (await this.dataSource.query('SELECT domain FROM blocked_domains')) as { domain: string }[];
    const policy = ownHostPolicy({
      blockedDomains: blocked.map((row) => row.domain),
      publicOrigin: this.env.PUBLIC_ORIGIN,
      baseDomain: this.env.BASE_DOMAIN,
      tenantHosts: await this.tenants.customDomains(),
      allowPrivate: this.env.ALLOW_PRIVATE_DESTINATIONS,
    });
    if (policy.allowPrivate) return policy;
    const names = new Set(
      destinations.map(destinationNameToResolve).filter((name): name is string => name !== null && !policy.isOwnHost(name)),
    );
    const resolutions = new Map<string, HostResolution>(
      await Promise.all([...names].map(async (name) => [name, await this.resolver.resolve(name)] as const)),
    );
    return { ...policy, resolutions };
  }
}
