/**
 * analytics' set-based query port (issue 29 item 1): scans per code as an SQL fragment that analytics builds and owns
 * (only this folder names `scan_daily`), for campaigns' scan report. Rows: `qr_id`, `scans` (int) of the last `days`
 * UTC days, today included. `tenant` is the caller's placeholder for the tenant id.
 */
export const scansPerCodeSql = (tenant: string, days: number): string =>
  `SELECT qr_id, sum(scans)::int AS scans FROM scan_daily
   WHERE client_id = ${tenant} AND day > (now() AT TIME ZONE 'UTC')::date - ${Math.trunc(days)} GROUP BY qr_id`;
