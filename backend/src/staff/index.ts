/**
 * The staff feature's front door: the audit projection's name. Nothing else imports it: the console is its routes.
 * Who may do what in the console (the staff actions) is part of accounts' auth contract (accounts/roles/staff-roles.ts), so
 * that features with console routes (campaigns, mail, operations) name their action without importing the console.
 */
export { AUDIT_PROJECTION } from './audit.projection';
