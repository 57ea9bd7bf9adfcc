/** The tenants feature's front door: its events and its query service. Other features import tenants only from here. */
export { TenantsService, type TenantBrand, type WhiteLabelConfig } from './tenants.service';
export * from './client.events';
