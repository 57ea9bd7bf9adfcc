import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The owners' API keys (filled only by ApiKeysProjection from ApiKeyCreated / ApiKeyRevoked): lists and key lookups. */
@Entity({ name: 'api_keys' })
@Index('api_keys_owner', ['ownerId'])
@Index('api_keys_hash', ['keyHash'])
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'api_keys_pkey' })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  prefix: string;

  /** SHA-256 of the key, hex. Not unique on purpose (read-model rule): the lookup also checks the owner's stream. */
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}

/**
 * When each key was last used (issue 34): written by the bearer guard at most once a minute per key and process, not
 * from events (a use is not a change anyone makes), so it is no read model and a rebuild never touches it.
 */
@Entity({ name: 'api_key_usage' })
export class ApiKeyUsageEntity {
  @PrimaryColumn({ name: 'key_id', type: 'uuid', primaryKeyConstraintName: 'api_key_usage_pkey' })
  keyId: string;

  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt: Date;
}
