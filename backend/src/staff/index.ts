/**
 * The staff feature's front door: who may do what in the console (its roles, stated once) and the audit projection's
 * name. Nothing else imports it: the console is its routes.
 */
export { STAFF_ACTIONS, permissionsOf, tenantScope, type StaffAction } from './staff-roles';
export { AUDIT_PROJECTION } from './audit.projection';
