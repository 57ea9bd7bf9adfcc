/**
 * The tenants feature's front door: its events, its query services and the client commands the staff console sends.
 * Other features import tenants only from here.
 */
export { TenantsService, type TenantBrand } from './tenants.service';
export type { WhiteLabelConfig } from './tenants.answers';
/** What the client routes answer (the console's and the website spec's), for their docs. */
export { clientAnswer, deletedClientAnswer, type ClientAnswer, type DeletedClientAnswer } from './tenants.answers';
export { ClientsService, CLIENT_SORTABLE, type ClientDto, type ClientsPageQuery } from './clients.service';
export { clientInputSchema, type ClientBody } from './client-input';
export { CLIENT_NOT_FOUND } from './client';
export { CreateClientCommand } from './create-client.command';
export { UpdateClientCommand } from './update-client.command';
export { DeleteClientCommand } from './delete-client.command';
export { RotateClientKeyCommand } from './rotate-client-key.command';
export * from './client.events';
export { CLIENTS_PROJECTION } from './clients.projection';
