import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { requestContext } from '../common/request-context';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS_SUBSCRIBER } from '../redis/redis.module';
import { ClientEntity } from './client.entity';
import { DEFAULT_BRAND, DEFAULT_CLIENT_ID, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './client.events';
import { EnsureDefaultClientCommand } from './ensure-default-client.command';
import type { WhiteLabelConfig } from './tenants.answers';

/**
 * Host -> client cache. Changes clear it at once in the process that made them, and in every other process through
 * the clients projection's Redis message; a missed message (Redis down) leaves other processes stale for at most this.
 */
export const HOST_CACHE_MS = 30_000;
/**
 * At most this many hosts are remembered (oldest dropped first): the Host header is the caller's to choose, and a
 * flood of made-up hosts must not grow the process's memory without end (each one still costs one indexed query).
 */
export const HOST_CACHE_MAX = 10_000;
/** Longer than a DNS name can be: no tenant has it, so it is the default brand's, neither looked up nor cached. */
const HOST_MAX_LENGTH = 253;

/** Redis channel on which the clients projection announces changes; named after the database like the scan keys. */
export function tenantHostsChannel(databaseUrl: string): string {
  let database = 'qrsharks';
  try {
    database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database;
  } catch {
    // keep the default
  }
  return `qrs:${database}:tenant-hosts`;
}

export interface TenantBrand {
  origin: string;
  name: string;
}

@Injectable()
export class TenantsService implements OnApplicationBootstrap, OnModuleInit, OnApplicationShutdown {
  private readonly hostCache = new Map<string, { clientId: number; expires: number }>();
  private readonly brandCache = new Map<number, TenantBrand & { expires: number }>();
  private domainsCache: { domains: readonly string[]; expires: number } | null = null;
  /** The ids of live clients (active, not deleted): which tenants' codes answer on their own hosts. */
  private liveCache: { ids: ReadonlySet<number>; expires: number } | null = null;
  private liveLoading: Promise<ReadonlySet<number>> | null = null;
  /** Bumped by every invalidation: a lookup that started before one must not cache what it read. */
  private hostEpoch = 0;
  readonly channel: string;
  private readonly onMessage = (channel: string) => {
    if (channel === this.channel) this.forgetHosts();
  };
  /** Messages may have been missed while the subscriber was disconnected. */
  private readonly onReady = () => {
    this.forgetHosts();
    this.subscriber.subscribe(this.channel).catch(() => undefined);
  };

  constructor(
    private readonly commandBus: CommandBus,
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionsService,
    @Inject(ENV) private readonly env: Env,
    @Inject(REDIS_SUBSCRIBER) private readonly subscriber: Redis,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.channel = tenantHostsChannel(databaseUrl);
  }

  onModuleInit(): void {
    this.subscriber.on('message', this.onMessage);
    this.subscriber.on('ready', this.onReady);
    if (this.subscriber.status === 'ready') this.onReady();
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber.off('message', this.onMessage);
    this.subscriber.off('ready', this.onReady);
    await this.subscriber.unsubscribe(this.channel).catch(() => undefined);
  }

  /** Drops every cached host and brand (clients change rarely; the next lookups re-read the read model). */
  forgetHosts(): void {
    this.hostEpoch += 1;
    this.hostCache.clear();
    this.brandCache.clear();
    this.domainsCache = null;
    this.liveCache = null;
  }

  /** Every custom domain a client has configured (deleted clients' too: they may come back), lower case; cached like hosts. */
  async customDomains(): Promise<readonly string[]> {
    if (this.domainsCache && this.domainsCache.expires > Date.now()) return this.domainsCache.domains;
    const epoch = this.hostEpoch;
    const rows = (await this.dataSource.query(
      'SELECT DISTINCT lower(custom_domain) AS domain FROM clients WHERE custom_domain IS NOT NULL',
    )) as { domain: string }[];
    const domains = rows.map((row) => row.domain);
    if (epoch === this.hostEpoch) this.domainsCache = { domains, expires: Date.now() + HOST_CACHE_MS };
    return domains;
  }

  /**
   * The public origin and brand name of a tenant: the origin encoded into its codes (/d/, /pdf/, /payment) and the
   * name on its hosted pages. The default brand (and a client without names) uses PUBLIC_ORIGIN. Cached like hosts,
   * and dropped with them when a client changes.
   */
  async brand(tenantId: number): Promise<TenantBrand> {
    const cached = this.brandCache.get(tenantId);
    if (cached && cached.expires > Date.now()) return { origin: cached.origin, name: cached.name };
    const epoch = this.hostEpoch;
    const base = new URL(this.env.PUBLIC_ORIGIN);
    const row = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id: tenantId, isDeleted: false } });
    let origin = base.origin;
    if (tenantId !== DEFAULT_CLIENT_ID && row?.customDomain) origin = `${base.protocol}//${row.customDomain}`;
    else if (tenantId !== DEFAULT_CLIENT_ID && row?.subdomain)
      origin = `${base.protocol}//${row.subdomain}.${this.env.BASE_DOMAIN}${base.port ? `:${base.port}` : ''}`;
    const brand = { origin, name: row?.name ?? DEFAULT_BRAND };
    if (epoch === this.hostEpoch) this.brandCache.set(tenantId, { ...brand, expires: Date.now() + HOST_CACHE_MS });
    return brand;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.commandBus.execute(new EnsureDefaultClientCommand());
  }

  /** The tenant of a request, from its Host: a client's custom domain, or `{subdomain}.{BASE_DOMAIN}`; else client 1. */
  async resolveHost(rawHost: string | undefined): Promise<number> {
    return this.hostTenant(rawHost);
  }

  /**
   * resolveHost for the /d/ fast path: the cached answer synchronously (no promise, no microtask), a promise on a miss.
   * `localhost`, IP addresses, the bare BASE_DOMAIN and unknown hosts are client 1's (docs/decisions.md, issue 19).
   */
  hostTenant(rawHost: string | undefined): number | Promise<number> {
    const host = (rawHost ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    if (!host || host === this.env.BASE_DOMAIN || host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('['))
      return DEFAULT_CLIENT_ID;
    if (host.length > HOST_MAX_LENGTH) return DEFAULT_CLIENT_ID;
    const cached = this.hostCache.get(host);
    if (cached && cached.expires > Date.now()) return cached.clientId;
    return this.lookUpHost(host);
  }

  private async lookUpHost(host: string): Promise<number> {
    const epoch = this.hostEpoch;
    const suffix = `.${this.env.BASE_DOMAIN}`;
    const subdomain = host.endsWith(suffix) ? host.slice(0, -suffix.length) : null;
    const rows = (await this.dataSource.query(
      subdomain
        ? 'SELECT id FROM clients WHERE subdomain = $1 AND is_active AND NOT is_deleted'
        : 'SELECT id FROM clients WHERE custom_domain = $1 AND is_active AND NOT is_deleted',
      [subdomain ?? host],
    )) as { id: number }[];
    const clientId = rows[0]?.id ?? DEFAULT_CLIENT_ID;
    if (epoch === this.hostEpoch) {
      this.hostCache.delete(host);
      if (this.hostCache.size >= HOST_CACHE_MAX) this.hostCache.delete(this.hostCache.keys().next().value!);
      this.hostCache.set(host, { clientId, expires: Date.now() + HOST_CACHE_MS });
    }
    return clientId;
  }

  /**
   * The tenant whose hosts a code of `clientId` answers on (/d/ scoping): its own while the client is live (active, not
   * deleted); an inactive or deleted client's codes fall back to the default brand, like its users (its host names then
   * resolve to client 1, or to a client that took them over). Synchronous when the live set is cached.
   */
  codeTenant(clientId: number): number | Promise<number> {
    if (clientId === DEFAULT_CLIENT_ID) return DEFAULT_CLIENT_ID;
    const live = this.liveCache;
    if (live && live.expires > Date.now()) return live.ids.has(clientId) ? clientId : DEFAULT_CLIENT_ID;
    return this.loadLive().then((ids) => (ids.has(clientId) ? clientId : DEFAULT_CLIENT_ID));
  }

  private loadLive(): Promise<ReadonlySet<number>> {
    if (this.liveLoading) return this.liveLoading;
    const epoch = this.hostEpoch;
    this.liveLoading = this.dataSource
      .query('SELECT id FROM clients WHERE is_active AND NOT is_deleted')
      .then((rows: { id: number }[]) => {
        const ids = new Set(rows.map((row) => row.id));
        if (epoch === this.hostEpoch) this.liveCache = { ids, expires: Date.now() + HOST_CACHE_MS };
        return ids;
      })
      .finally(() => {
        this.liveLoading = null;
      });
    return this.liveLoading;
  }

  async config(clientId = requestContext.currentOrSystem().tenantId): Promise<WhiteLabelConfig> {
    let client = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id: clientId } });
    if (!client && clientId !== DEFAULT_CLIENT_ID)
      client = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id: DEFAULT_CLIENT_ID } });
    if (!client) {
      // First start, before the projection caught up with ClientCreated: answer the defaults.
      return {
        id: DEFAULT_CLIENT_ID,
        name: DEFAULT_BRAND,
        primaryColor: DEFAULT_PRIMARY_COLOR,
        secondaryColor: DEFAULT_SECONDARY_COLOR,
        logoUrl: null,
        customFavicon: null,
        customCSS: null,
        removeQRCodeSharksBranding: false,
      };
    }
    return {
      id: client.id,
      name: client.name,
      primaryColor: client.primaryColor,
      secondaryColor: client.secondaryColor,
      logoUrl: client.logoUrl,
      customFavicon: client.customFavicon,
      customCSS: client.customCSS,
      removeQRCodeSharksBranding: client.removeQRCodeSharksBranding,
    };
  }
}
