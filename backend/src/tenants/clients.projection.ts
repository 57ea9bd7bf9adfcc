import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import type { EntityManager } from 'typeorm';
import { DATABASE_URL } from '../database/database.module';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS } from '../redis/redis.module';
import { CLIENT_EVENTS, ClientFields } from './client.events';
import { tenantHostsChannel } from './tenants.service';

const COLUMNS: Record<keyof ClientFields, string> = {
  name: 'name',
  customDomain: 'custom_domain',
  subdomain: 'subdomain',
  logoUrl: 'logo_url',
  primaryColor: 'primary_color',
  secondaryColor: 'secondary_color',
  customFavicon: 'custom_favicon',
  removeQRCodeSharksBranding: 'remove_qr_code_sharks_branding',
  customCSS: 'custom_css',
  isActive: 'is_active',
};

/** The clients projection's name: commands and readers wait on it by this constant (ProjectionsService.waitFor). */
export const CLIENTS_PROJECTION = 'clients';

@Injectable()
export class ClientsProjection implements Projection, OnModuleInit {
  readonly name = CLIENTS_PROJECTION;
  readonly tables = ['clients'];
  readonly eventTypes = CLIENT_EVENTS.types;

  private readonly channel: string;

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.channel = tenantHostsChannel(databaseUrl);
  }

  onModuleInit(): void {
    this.projections.register(this);
  }

  /** Tells every process to drop its host cache (TenantsService); missing it is bounded by HOST_CACHE_MS. */
  async afterCommit(events: RecordedEvent[]): Promise<void> {
    if (events.some(CLIENT_EVENTS.has)) await this.redis.publish(this.channel, '*');
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CLIENT_EVENTS.among(events)) {
      const at = event.metadata.occurredAt;
      if (event.type === 'ClientCreated') {
        const { data } = event;
        await tx.query(
          `INSERT INTO clients (id, name, custom_domain, subdomain, logo_url, primary_color, secondary_color, custom_favicon,
             remove_qr_code_sharks_branding, custom_css, api_key, is_active, is_deleted, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, false, $13, $13)
           ON CONFLICT (id) DO NOTHING`,
          [
            data.clientId,
            data.name,
            data.customDomain,
            data.subdomain,
            data.logoUrl,
            data.primaryColor,
            data.secondaryColor,
            data.customFavicon,
            data.removeQRCodeSharksBranding,
            data.customCSS,
            data.apiKey,
            data.isActive,
            at,
          ],
        );
      } else if (event.type === 'ClientUpdated') {
        const { clientId, changes } = event.data;
        const entries = Object.entries(changes).filter(([key]) => key in COLUMNS);
        if (!entries.length) continue;
        const sets = entries.map(([key], index) => `${COLUMNS[key as keyof ClientFields]} = $${index + 3}`);
        await tx.query(`UPDATE clients SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1`, [
          clientId,
          at,
          ...entries.map(([, value]) => value),
        ]);
      } else if (event.type === 'ClientApiKeyRotated') {
        const { clientId, apiKey } = event.data;
        await tx.query('UPDATE clients SET api_key = $2, updated_at = $3 WHERE id = $1', [clientId, apiKey, at]);
      } else if (event.type === 'ClientDeleted') {
        const { clientId } = event.data;
        // Soft delete frees the domain names for reuse by another client.
        await tx.query(
          'UPDATE clients SET is_deleted = true, is_active = false, custom_domain = NULL, subdomain = NULL, updated_at = $2 WHERE id = $1',
          [clientId, at],
        );
      }
    }
  }
}
