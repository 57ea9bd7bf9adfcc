import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { requestContext } from '../common/request-context';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import { EventWriter } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS_SUBSCRIBER } from '../redis/redis.module';
import { ClientEntity } from './client.entity';
import { clientStream, DEFAULT_BRAND, DEFAULT_CLIENT_ID, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from './client.events';

/** The fixed id of the default brand's creation event: every process may try to append it, only one lands. */
const DEFAULT_CLIENT_EVENT_ID = '00000000-0000-4000-8000-000000000001';
/**
 * Host -> client cache. Changes clear it at once in the process that made them, and in every other process through
 * the clients projection's Redis message; a missed message (Redis down) leaves other processes stale for at most this.
 */
export const HOST_CACHE_MS = 30_000;

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

export interface WhiteLabelConfig {
  id: number;
  name: string;
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
  customFavicon: string | null;
  customCSS: string | null;
  removeQRCodeSharksBranding: boolean;
}

@Injectable()
export class TenantsService implements OnApplicationBootstrap, OnModuleInit, OnApplicationShutdown {
  private readonly hostCache = new Map<string, { clientId: number; expires: number }>();
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
    private readonly events: EventWriter,
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

  /** Drops every cached host (clients change rarely; the next lookups re-read the read model). */
  forgetHosts(): void {
    this.hostEpoch += 1;
    this.hostCache.clear();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureDefaultClient();
  }

  /** Client 1, "QR Code Sharks", created on first start. Idempotent across restarts and concurrent starts. */
  async ensureDefaultClient(): Promise<void> {
    const event = this.events.event(
      'ClientCreated',
      {
        clientId: DEFAULT_CLIENT_ID,
        name: DEFAULT_BRAND,
        customDomain: null,
        subdomain: null,
        logoUrl: null,
        primaryColor: DEFAULT_PRIMARY_COLOR,
        secondaryColor: DEFAULT_SECONDARY_COLOR,
        customFavicon: null,
        removeQRCodeSharksBranding: false,
        customCSS: null,
        isActive: true,
        apiKey: `qrs_${randomBytes(24).toString('hex')}`,
      },
      { id: DEFAULT_CLIENT_EVENT_ID, actorId: 'system', tenantId: DEFAULT_CLIENT_ID },
    );
    const existing = await this.events.store.readStream(clientStream(DEFAULT_CLIENT_ID), { maxCount: 1 });
    if (existing.length) return;
    await this.events.append(clientStream(DEFAULT_CLIENT_ID), [event], 'any').catch(async (error) => {
      // A concurrent start created it with the same event id, or another event sits there: both are fine.
      if ((await this.events.store.readStream(clientStream(DEFAULT_CLIENT_ID), { maxCount: 1 })).length === 0) throw error;
    });
  }

  /** The tenant of a request, from its Host: a client's custom domain, or `{subdomain}.{BASE_DOMAIN}`; else client 1. */
  async resolveHost(rawHost: string | undefined): Promise<number> {
    const host = (rawHost ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    if (!host || host === this.env.BASE_DOMAIN || host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[')) return DEFAULT_CLIENT_ID;
    const cached = this.hostCache.get(host);
    if (cached && cached.expires > Date.now()) return cached.clientId;
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
    if (epoch === this.hostEpoch) this.hostCache.set(host, { clientId, expires: Date.now() + HOST_CACHE_MS });
    return clientId;
  }

  async config(clientId = requestContext.currentOrSystem().tenantId): Promise<WhiteLabelConfig> {
    let client = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id: clientId } });
    if (!client && clientId !== DEFAULT_CLIENT_ID) client = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id: DEFAULT_CLIENT_ID } });
    if (!client) {
      // First start, before the projection caught up with ClientCreated: answer the defaults.
      return { id: DEFAULT_CLIENT_ID, name: DEFAULT_BRAND, primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: DEFAULT_SECONDARY_COLOR, logoUrl: null, customFavicon: null, customCSS: null, removeQRCodeSharksBranding: false };
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
