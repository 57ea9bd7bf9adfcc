import type { ApiKeyScope } from './api-key.events';

/**
 * THE ONE TABLE of which routes accept an API key (issue 34), and with which scope: `METHOD /path` as the routes
 * declare it (Express's `:param`). A route not here refuses keys with 403: account settings, billing, sign-in, the
 * api-keys routes themselves, and every staff route (those also refuse a key in accounts' guard, whatever this table
 * says). `/api/docs` shows each route's scope from here (`documentScopes`), and docs.int-spec fails on an entry that
 * names no route. Reads of codes need codes:read, changes codes:write, analytics analytics:read.
 */
export const ROUTE_SCOPES: Readonly<Record<string, ApiKeyScope>> = {
  // Saved codes (codes/editing, codes/read-model, codes/dynamic, codes/generator)
  'GET /api/qrcodes': 'codes:read',
  'GET /api/qrcodes/:id/history': 'codes:read',
  'GET /api/qrcodes/:id/download': 'codes:read',
  'GET /api/dashboard/codes': 'codes:read',
  'GET /api/dashboard/codes/:id': 'codes:read',
  'GET /api/dashboard/tags': 'codes:read',
  'GET /api/dynamic-qrcodes': 'codes:read',
  'GET /api/dynamic-qrcodes/paused': 'codes:read',
  'GET /api/dynamic-qrcodes/short-code-availability': 'codes:read',
  'GET /api/dynamic-qrcodes/:id/routing': 'codes:read',
  'GET /api/dynamic-qrcodes/:id/destination-at': 'codes:read',
  /** Asks where a scan would go; changes nothing. */
  'POST /api/dynamic-qrcodes/:id/simulate': 'codes:read',
  /** Renders a preview; saves nothing. */
  'POST /api/generate-qrcode': 'codes:read',
  'POST /api/qrcodes': 'codes:write',
  'PUT /api/qrcodes/:id': 'codes:write',
  'DELETE /api/qrcodes/:id': 'codes:write',
  'POST /api/dynamic-qrcodes': 'codes:write',
  'PUT /api/dynamic-qrcodes/:id': 'codes:write',
  'DELETE /api/dynamic-qrcodes/:id': 'codes:write',
  'POST /api/dynamic-qrcodes/:id/pause': 'codes:write',
  'POST /api/dynamic-qrcodes/:id/resume': 'codes:write',
  'PUT /api/dynamic-qrcodes/:id/routing': 'codes:write',
  'PUT /api/dynamic-qrcodes/:id/password': 'codes:write',
  'DELETE /api/dynamic-qrcodes/:id/password': 'codes:write',
  /** Issue 35: tags and bulk actions, each code changed as its own route would change it. */
  'PUT /api/dashboard/codes/:id/tags': 'codes:write',
  'POST /api/dashboard/codes/bulk': 'codes:write',
  'POST /api/dashboard/tags/rename': 'codes:write',
  'POST /api/dashboard/tags/remove': 'codes:write',
  /** The PDF and image a code's hosted page shows (codes/uploads). */
  'POST /api/upload-pdf': 'codes:write',
  'POST /api/upload-image': 'codes:write',
  // Analytics (analytics/), and a payment code's payments
  'GET /api/user-analytics': 'analytics:read',
  'GET /api/dynamic-qrcodes/:id/analytics': 'analytics:read',
  'GET /api/dynamic-qrcodes/:id/analytics.csv': 'analytics:read',
  'GET /api/dynamic-qrcodes/:id/scans/live': 'analytics:read',
  'GET /api/qrcodes/:id/payments': 'analytics:read',
  'GET /api/dynamic-qrcodes/:id/share-links': 'analytics:read',
  /** A share link opens exactly what analytics:read reads, read-only; revoking one only narrows that. */
  'POST /api/dynamic-qrcodes/:id/share-links': 'analytics:read',
  'DELETE /api/dynamic-qrcodes/:id/share-links/:shareId': 'analytics:read',
};

/** Every route under these prefixes takes this scope (issue 34: webhooks:write also reads the webhooks' deliveries). */
export const PREFIX_SCOPES: ReadonlyArray<{ prefix: string; scope: ApiKeyScope }> = [{ prefix: '/api/webhooks', scope: 'webhooks:write' }];

/** The scope a route needs from a key, or null: the route refuses keys. `path` as declared (`/api/qrcodes/:id`). */
export function scopeOfRoute(method: string, path: string): ApiKeyScope | null {
  const exact = ROUTE_SCOPES[`${method.toUpperCase()} ${path}`];
  if (exact) return exact;
  const prefixed = PREFIX_SCOPES.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return prefixed?.scope ?? null;
}
