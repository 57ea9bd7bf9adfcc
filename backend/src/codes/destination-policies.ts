import { Inject, Injectable } from '@nestjs/common';
import { ENV, Env } from '../config/env';
import { TenantsService } from '../tenants';
import { ownHostPolicy, type DestinationPolicy } from './destination';

/** The destination policy of this moment: settings plus every tenant's configured domain (cached by TenantsService). */
@Injectable()
export class DestinationPolicies {
  constructor(
    private readonly tenants: TenantsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async current(): Promise<DestinationPolicy> {
    return ownHostPolicy({
      publicOrigin: this.env.PUBLIC_ORIGIN,
      baseDomain: this.env.BASE_DOMAIN,
      tenantHosts: await this.tenants.customDomains(),
      allowPrivate: this.env.ALLOW_PRIVATE_DESTINATIONS,
    });
  }
}
