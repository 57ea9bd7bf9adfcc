import type { INestApplicationContext } from '@nestjs/common';
import { ProjectionsService } from '../projections/projections.service';
import { testEvents } from './events';
import { CLIENTS_PROJECTION } from '../tenants';

/** A white-label client as ClientCreated carries it; tests name what matters to them and take the rest. */
export interface TestTenant {
  clientId: number;
  name?: string;
  customDomain?: string | null;
  subdomain?: string | null;
  logoUrl?: string | null;
  primaryColor?: string;
  secondaryColor?: string;
  customFavicon?: string | null;
  removeQRCodeSharksBranding?: boolean;
  customCSS?: string | null;
  isActive?: boolean;
  apiKey?: string;
}

/** The ClientCreated event of a test tenant (defaults: Acme, subdomain acme, red and green, active). */
export function tenantCreated(app: INestApplicationContext, tenant: TestTenant) {
  return testEvents(app).event('ClientCreated', {
    name: 'Acme',
    customDomain: null,
    subdomain: 'acme',
    logoUrl: null,
    primaryColor: '#FF0000',
    secondaryColor: '#00FF00',
    customFavicon: null,
    removeQRCodeSharksBranding: false,
    customCSS: null,
    isActive: true,
    apiKey: `qrs_test_tenant_${tenant.clientId}`,
    ...tenant,
  });
}

/**
 * Sets the scene with white-label tenants (ClientCreated on `tenant-{id}`, as the tenants feature writes it) and waits
 * until the clients projection has them, so hosts resolve to them. Answers whether it caught up within `timeoutMs`.
 */
export async function createTenants(app: INestApplicationContext, tenants: TestTenant[], timeoutMs = 15_000): Promise<boolean> {
  const writer = testEvents(app);
  let last = null;
  for (const tenant of tenants) last = await writer.append(`tenant-${tenant.clientId}`, [tenantCreated(app, tenant)], 'no_stream');
  return last ? app.get(ProjectionsService).waitFor(last.position, [CLIENTS_PROJECTION], timeoutMs) : true;
}
