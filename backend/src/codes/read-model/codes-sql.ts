/**
 * codes' set-based query port (issue 29 item 1): its read models as SQL fragments that codes builds and owns, for a
 * reader that must stay one set-based statement (campaigns' audiences and platform figures). Only this folder names
 * `qr_codes` and `dynamic_qr_codes`; a caller uses a fragment as a subquery. `tenant` is the caller's placeholder.
 */
export const dynamicCodesSql = (tenant: string): string =>
  `SELECT id, user_id, name, short_code, created_at, paused_at, is_paused, is_suspended, is_deleted
   FROM dynamic_qr_codes WHERE client_id = ${tenant}`;

/** Every code of the tenant, static and dynamic: when it was created and whether it is deleted. */
export const allCodesSql = (tenant: string): string =>
  `SELECT created_at, is_deleted FROM qr_codes WHERE client_id = ${tenant}
   UNION ALL SELECT created_at, is_deleted FROM dynamic_qr_codes WHERE client_id = ${tenant}`;
