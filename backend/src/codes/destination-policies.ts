import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { TenantsService } from '../tenants';
import { ownHostPolicy, type DestinationPolicy } from './destination';

/**
 * The destination policy of this moment: settings, every tenant's configured domain (cached by TenantsService) and the
 * destination blocklist (read each time: a create or update must see a domain blocked a moment ago; the table is small).
 */
@Injectable()
export class DestinationPolicies {
  constructor(
    private readonly tenants: TenantsService,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async current(): Promise<DestinationPolicy> {
    const blocked = (await this.dataSource.query('SELECT domain FROM blocked_domains')) as { domain: string }[];
    return ownHostPolicy({
      blockedDomains: blocked.map((row) => row.domain),
      publicOrigin: this.env.PUBLIC_ORIGIN,
      baseDomain: this.env.BASE_DOMAIN,
      tenantHosts: await this.tenants.customDomains(),
      allowPrivate: this.env.ALLOW_PRIVATE_DESTINATIONS,
    });
  }
}
