/**
 * accounts' set-based query port (issue 29 item 1): the users read model as an SQL fragment that accounts builds and
 * owns, for a reader that must stay one set-based statement (campaigns' audiences, expanded by one INSERT … SELECT per
 * campaign). Only this folder names the `users` table; a caller uses the fragment as a subquery (`FROM (${...}) u`),
 * which PostgreSQL plans as if the table were named. `tenant` is the caller's placeholder for the tenant id (`$1`).
 */
export const usersSql = (tenant: string): string =>
  `SELECT id, first_name, created_at, is_deleted, is_disabled FROM users WHERE client_id = ${tenant}`;
