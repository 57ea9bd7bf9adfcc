import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import type { ApiKeyScope } from './api-key.events';
import type { ApiKeyAnswer } from './api-keys.answers';

/** A key as the bearer guard finds it by hash. */
export interface KeyRecord {
  id: string;
  clientId: number;
  ownerId: string;
  scopes: ApiKeyScope[];
  keyHash: string;
}

/** Reads of `api_keys` (and `api_key_usage`): an owner's list, and a key by its hash. */
@Injectable()
export class ApiKeysService {
  constructor(private readonly dataSource: DataSource) {}

  /** The owner's keys, live ones first, newest first; revoked keys stay listed as revoked. */
  async list(user: AuthUser): Promise<ApiKeyAnswer[]> {
    const rows = (await this.dataSource.query(
      `SELECT k.id, k.name, k.scopes, k.prefix, k.created_at, k.revoked_at, u.last_used_at
         FROM api_keys k LEFT JOIN api_key_usage u ON u.key_id = k.id
        WHERE k.client_id = $1 AND k.owner_id = $2
        ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.id`,
      [user.tenantId, user.id],
    )) as {
      id: string;
      name: string;
      scopes: ApiKeyScope[];
      prefix: string;
      created_at: Date;
      revoked_at: Date | null;
      last_used_at: Date | null;
    }[];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      scopes: row.scopes,
      prefix: row.prefix,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
      revokedAt: row.revoked_at?.toISOString() ?? null,
    }));
  }

  /**
   * The API keys part of a person's data export (account-export): every key they made, revoked ones too, as GET
   * /api/api-keys lists them (name, prefix, scopes, created, last used, revoked); never the key or its hash.
   */
  exportFor(user: AuthUser): Promise<ApiKeyAnswer[]> {
    return this.list(user);
  }

  /** The live key with this hash, as the read model has it (the guard confirms it against the owner's stream). */
  async byHash(keyHash: string): Promise<KeyRecord | null> {
    const [row] = (await this.dataSource.query(
      `SELECT id, client_id AS "clientId", owner_id AS "ownerId", scopes, key_hash AS "keyHash"
         FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL LIMIT 1`,
      [keyHash],
    )) as KeyRecord[];
    return row ?? null;
  }

  /** Records a use (the guard calls it at most once a minute per key and process). */
  async touch(keyId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO api_key_usage (key_id, last_used_at) VALUES ($1, $2)
       ON CONFLICT (key_id) DO UPDATE SET last_used_at = GREATEST(api_key_usage.last_used_at, excluded.last_used_at)`,
      [keyId, at],
    );
  }
}
