import { eventCatalogue, type EventOf } from '../event-store/typed-events';

/**
 * API keys (issue 34). Stream `api-keys-{ownerId}`: one per owner, holding every key they made and revoked, so the
 * per-owner limit is decided on one stream and a revocation is read from it. The key itself is never recorded: only
 * its SHA-256 (`keyHash`, hex), which the audit log hides like any secret.
 */
export type ApiKeyScope = 'codes:read' | 'codes:write' | 'analytics:read' | 'webhooks:write';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['codes:read', 'codes:write', 'analytics:read', 'webhooks:write'];

export interface ApiKeyCreated {
  keyId: string;
  ownerId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's first characters (`qrs_live_` and 8 more): what lists show to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  keyHash: string;
}

export interface ApiKeyRevoked {
  keyId: string;
  ownerId: string;
  /** The key's name and prefix again, so the audit sentence names the key without reading anything else. */
  name: string;
  prefix: string;
}

export interface ApiKeyEvents {
  ApiKeyCreated: ApiKeyCreated;
  ApiKeyRevoked: ApiKeyRevoked;
}
export const API_KEY_EVENTS = eventCatalogue<ApiKeyEvents>({ ApiKeyCreated: true, ApiKeyRevoked: true });
export type ApiKeyEvent = EventOf<ApiKeyEvents>;
export const apiKeysStream = (ownerId: string) => `api-keys-${ownerId}`;
