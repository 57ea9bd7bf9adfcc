// The Developers page's data (issue 34): the owner's API keys, the scopes a key may hold and the curl example that
// shows a new key at work. Pure apart from the HTTP calls; the types come from the server's OpenAPI document.
import { apiJson } from '../../api/http';
import type { ApiAnswer, ApiBody } from '../../api/types';

export type ApiKey = ApiAnswer<'/api/api-keys'>[number];
export type CreatedApiKey = ApiAnswer<'/api/api-keys', 'post'>;
export type NewApiKey = ApiBody<'/api/api-keys'>;
export type Scope = NewApiKey['scopes'][number];

export const API_KEYS = ['/api/api-keys'] as const;

/** The scopes in the order the page offers them, with what each lets a script do. */
export const SCOPES: readonly { scope: Scope; label: string }[] = [
  { scope: 'codes:read', label: 'Read codes' },
  { scope: 'codes:write', label: 'Create, change and delete codes' },
  { scope: 'analytics:read', label: 'Read analytics' },
  { scope: 'webhooks:write', label: 'Manage webhooks' },
];

export const listKeys = () => apiJson<ApiKey[]>('GET', '/api/api-keys');
export const createKey = (body: NewApiKey) => apiJson<CreatedApiKey>('POST', '/api/api-keys', body);
export const revokeKey = (id: string) => apiJson<unknown>('DELETE', `/api/api-keys/${encodeURIComponent(id)}`);

/** A first call with the key: list the owner's codes (needs codes:read; other scopes still show the header). */
export function curlExample(origin: string, key: string): string {
  return `curl -H "Authorization: Bearer ${key}" ${origin}/api/qrcodes`;
}
