import { scopeOfRoute } from './route-scopes';

/** The bearer scheme's name in /api/docs. */
export const BEARER_SCHEME = 'apiKey';
/** Each operation's scope, as an extension of the operation (OpenAPI's scopes are for OAuth only). */
export const SCOPE_EXTENSION = 'x-api-key-scope';

export const BEARER_DESCRIPTION =
  'An API key made on the Developers page (POST /api/api-keys), sent as `Authorization: Bearer qrs_live_…`. It acts for its ' +
  "owner on the owner's tenant's hosts, only on the routes that name a scope it holds (`x-api-key-scope`); other routes " +
  'answer 403, an unknown or revoked key 401. No cookie and no Origin check. Each key may make API_KEY_RATE_LIMIT_PER_MINUTE ' +
  'requests a minute (default 600); every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset ' +
  '(seconds), and a 429 also Retry-After.';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  [SCOPE_EXTENSION]?: string;
}

/**
 * Writes ROUTE_SCOPES into the OpenAPI document (issue 34): each route that accepts a key lists the session cookie or
 * the bearer scheme as its security, names its scope in `x-api-key-scope` and in its description; every other route
 * says keys are refused.
 */
export function documentScopes<D extends { paths: object }>(document: D, cookieScheme: string): D {
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    if (!path.startsWith('/api/')) continue;
    const declared = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, value] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const operation = value as Operation;
      const scope = scopeOfRoute(method, declared);
      const note = scope ? `API key scope: \`${scope}\`.` : 'API keys: not accepted.';
      operation.description = operation.description ? `${operation.description}\n\n${note}` : note;
      if (!scope) continue;
      operation[SCOPE_EXTENSION] = scope;
      operation.security = [{ [cookieScheme]: [] }, { [BEARER_SCHEME]: [] }];
    }
  }
  return document;
}
