import type { Evolvable } from '../command-pipeline';
import { DomainError } from '../common/domain-error';
import { API_KEY_EVENTS, type ApiKeyCreated, type ApiKeyEvent, type ApiKeyScope } from './api-key.events';

/** One owner's keys, folded from `api-keys-{ownerId}`. Pure. */
export interface KeyState {
  keyHash: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  revoked: boolean;
}

export interface ApiKeysState {
  keys: Map<string, KeyState>;
}

export const API_KEY_NOT_FOUND = 'API key not found';
export const tooManyKeys = (limit: number) => `You can have at most ${limit} API keys. Revoke one first.`;

export const initialApiKeys = (): ApiKeysState => ({ keys: new Map() });

export function evolveApiKeys(state: ApiKeysState, event: Evolvable): ApiKeysState {
  if (!API_KEY_EVENTS.has(event)) return state;
  const keys = new Map(state.keys);
  if (event.type === 'ApiKeyCreated') {
    const { keyId, keyHash, name, prefix, scopes } = event.data;
    keys.set(keyId, { keyHash, name, prefix, scopes, revoked: false });
  } else {
    const key = keys.get(event.data.keyId);
    if (key) keys.set(event.data.keyId, { ...key, revoked: true });
  }
  return { keys };
}

export const activeKeys = (state: ApiKeysState) => [...state.keys.values()].filter((key) => !key.revoked).length;

/** A new key, unless the owner already has `limit` keys that are not revoked (409). */
export function decideCreateKey(state: ApiKeysState, created: ApiKeyCreated, limit: number): ApiKeyEvent[] {
  if (activeKeys(state) >= limit) throw DomainError.conflict(tooManyKeys(limit));
  return [{ type: 'ApiKeyCreated', data: created }];
}

/** Revoking twice is not an error and records nothing the second time (no empty audit entries). */
export function decideRevokeKey(state: ApiKeysState, ownerId: string, keyId: string): ApiKeyEvent[] {
  const key = state.keys.get(keyId);
  if (!key) throw DomainError.notFound(API_KEY_NOT_FOUND);
  if (key.revoked) return [];
  return [{ type: 'ApiKeyRevoked', data: { keyId, ownerId, name: key.name, prefix: key.prefix } }];
}

/** Whether the owner's stream says this key (by id and hash) may be used now: the truth a read model may lag behind. */
export function keyIsLive(state: ApiKeysState, keyId: string, keyHash: string): boolean {
  const key = state.keys.get(keyId);
  return !!key && !key.revoked && key.keyHash === keyHash;
}
