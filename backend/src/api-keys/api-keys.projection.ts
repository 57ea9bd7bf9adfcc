import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { API_KEY_EVENTS } from './api-key.events';

export const API_KEYS_PROJECTION = 'api_keys';

/** `api_keys` from ApiKeyCreated / ApiKeyRevoked: the owners' lists and the bearer guard's lookup by hash. */
@Injectable()
export class ApiKeysProjection implements Projection, OnModuleInit {
  readonly name = API_KEYS_PROJECTION;
  readonly tables = ['api_keys'];
  readonly eventTypes = API_KEY_EVENTS.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of API_KEY_EVENTS.among(events)) {
      if (event.type === 'ApiKeyCreated') {
        const { keyId, ownerId, name, prefix, keyHash, scopes } = event.data;
        await tx.query(
          `INSERT INTO api_keys (id, client_id, owner_id, name, prefix, key_hash, scopes, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [keyId, event.metadata.tenantId ?? 1, ownerId, name, prefix, keyHash, scopes, event.metadata.occurredAt],
        );
      } else {
        await tx.query('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1', [
          event.data.keyId,
          event.metadata.occurredAt,
        ]);
      }
    }
  }
}
