import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';

const TTL_MS = 30_000;

/**
 * The public origin and brand name of a tenant: the origin encoded into its codes (/d/, /pdf/, /payment) and the
 * name on its hosted pages. Reads the clients read model; the default brand uses PUBLIC_ORIGIN.
 */
@Injectable()
export class TenantOrigin {
  private readonly cache = new Map<number, { origin: string; name: string; expires: number }>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async of(tenantId: number): Promise<{ origin: string; name: string }> {
    const cached = this.cache.get(tenantId);
    if (cached && cached.expires > Date.now()) return cached;
    const base = new URL(this.env.PUBLIC_ORIGIN);
    const rows = (await this.dataSource.query('SELECT name, custom_domain, subdomain FROM clients WHERE id = $1 AND NOT is_deleted', [tenantId])) as { name: string; custom_domain: string | null; subdomain: string | null }[];
    const row = rows[0];
    let origin = base.origin;
    if (tenantId !== 1 && row?.custom_domain) origin = `${base.protocol}//${row.custom_domain}`;
    else if (tenantId !== 1 && row?.subdomain) origin = `${base.protocol}//${row.subdomain}.${this.env.BASE_DOMAIN}${base.port ? `:${base.port}` : ''}`;
    const entry = { origin, name: row?.name ?? 'QR Code Sharks', expires: Date.now() + TTL_MS };
    this.cache.set(tenantId, entry);
    return entry;
  }
}
