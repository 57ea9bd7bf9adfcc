import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { ACCOUNT_CONTENT, USER_STREAM_EVENTS } from '../accounts';
import { API_KEY_EVENTS } from './api-key.events';

export const API_KEYS_PROJECTION = 'api_keys';

const CONSUMED = API_KEY_EVENTS.and(USER_STREAM_EVENTS.pick('UserDeleted'));

/**
 * `api_keys` from ApiKeyCreated / ApiKeyRevoked: the owners' lists and the bearer guard's lookup by hash. A deleted
 * account's keys leave with it (UserDeleted: their rows, hashes and last use are deleted; the account's deletion waits
 * for this projection through ACCOUNT_CONTENT).
 */
@Injectable()
export class ApiKeysProjection implements Projection, OnModuleInit {
  readonly name = API_KEYS_PROJECTION;
  readonly serves = [ACCOUNT_CONTENT];
  readonly tables = ['api_keys'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      if (event.type === 'UserDeleted') {
        await tx.query('DELETE FROM api_key_usage u USING api_keys k WHERE k.id = u.key_id AND k.owner_id = $1', [event.data.userId]);
        await tx.query('DELETE FROM api_keys WHERE owner_id = $1', [event.data.userId]);
      } else if (event.type === 'ApiKeyCreated') {
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
