/**
 * The api-keys feature's front door (issue 34): its events (the staff audit log records them) and the scopes of the
 * routes, which the composition writes into /api/docs; the person's keys for their data export.
 */
export * from './api-key.events';
export { BEARER_DESCRIPTION, BEARER_SCHEME, documentScopes, SCOPE_EXTENSION } from './openapi-scopes';
export { PREFIX_SCOPES, ROUTE_SCOPES, scopeOfRoute } from './route-scopes';
export { ApiKeysService } from './api-keys.service';
export type { ApiKeyAnswer } from './api-keys.answers';
