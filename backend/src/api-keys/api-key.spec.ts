import { aggregate } from '../test-support/given-when-then';
import { decideCreateKey, decideRevokeKey, evolveApiKeys, initialApiKeys, keyIsLive, tooManyKeys } from './api-key';
import type { ApiKeyCreated } from './api-key.events';
import { hashKey, KEY_PREFIX, looksLikeKey, newKey } from './api-key-secret';
import { scopeOfRoute } from './route-scopes';

const created = (keyId: string): ApiKeyCreated => ({
  keyId,
  ownerId: 'u1',
  name: `key ${keyId}`,
  scopes: ['codes:read'],
  prefix: 'qrs_live_AbCdEfGh',
  keyHash: hashKey(keyId),
});
const keys = aggregate(initialApiKeys(), evolveApiKeys);

describe('API keys (pure)', () => {
  it('creates keys up to the limit; revoked keys do not count', () => {
    keys
      .given()
      .when((state) => decideCreateKey(state, created('a'), 2))
      .then([{ type: 'ApiKeyCreated', data: created('a') }]);
    const two = [created('a'), created('b')].map((data) => ({ type: 'ApiKeyCreated', data }));
    keys
      .given(...two)
      .when((state) => decideCreateKey(state, created('c'), 2))
      .thenRefuses({ status: 409, message: tooManyKeys(2) });
    const revoked = { type: 'ApiKeyRevoked', data: { keyId: 'a', ownerId: 'u1', name: 'key a', prefix: 'qrs_live_AbCdEfGh' } };
    keys
      .given(...two, revoked)
      .when((state) => decideCreateKey(state, created('c'), 2))
      .then([{ type: 'ApiKeyCreated', data: created('c') }]);
  });

  it('revokes once (404 for a key that is not the owner’s); a revoked key is not live', () => {
    const made = { type: 'ApiKeyCreated', data: created('a') };
    keys
      .given()
      .when((state) => decideRevokeKey(state, 'u1', 'a'))
      .thenRefuses({ status: 404 });
    const after = keys
      .given(made)
      .when((state) => decideRevokeKey(state, 'u1', 'a'))
      .then([{ type: 'ApiKeyRevoked', data: { keyId: 'a', ownerId: 'u1', name: 'key a', prefix: 'qrs_live_AbCdEfGh' } }]);
    expect(keyIsLive(keys.given(made).state, 'a', hashKey('a'))).toBe(true);
    expect(keyIsLive(keys.given(made).state, 'a', hashKey('b'))).toBe(false);
    expect(keyIsLive(after, 'a', hashKey('a'))).toBe(false);
    keys
      .given(made, ...decideRevokeKey(keys.given(made).state, 'u1', 'a'))
      .when((state) => decideRevokeKey(state, 'u1', 'a'))
      .then([]);
  });

  it('makes 256-bit keys with the qrs_live_ prefix, stored as SHA-256', () => {
    const { key, keyHash, prefix } = newKey();
    expect(key).toMatch(/^qrs_live_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(key.slice(0, KEY_PREFIX.length + 8));
    expect(keyHash).toBe(hashKey(key));
    expect(keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(newKey().key).not.toBe(key);
    expect(looksLikeKey(key)).toBe(true);
    expect(looksLikeKey('qrs_live_short')).toBe(false);
  });

  it('names a scope for the owner routes in the table, none for the others', () => {
    expect(scopeOfRoute('get', '/api/qrcodes')).toBe('codes:read');
    expect(scopeOfRoute('POST', '/api/qrcodes')).toBe('codes:write');
    expect(scopeOfRoute('GET', '/api/dynamic-qrcodes/:id/analytics')).toBe('analytics:read');
    expect(scopeOfRoute('GET', '/api/webhooks/:id/deliveries')).toBe('webhooks:write');
    expect(scopeOfRoute('POST', '/api/webhooks')).toBe('webhooks:write');
    expect(scopeOfRoute('GET', '/api/webhooksx')).toBeNull();
    expect(scopeOfRoute('GET', '/api/api-keys')).toBeNull();
    expect(scopeOfRoute('GET', '/api/admin/users')).toBeNull();
    expect(scopeOfRoute('GET', '/api/user')).toBeNull();
  });
});
