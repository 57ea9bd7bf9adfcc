import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff console's `q` (a substring search: `ILIKE '%q%'`) on the audit log, the users and the codes: trigram GIN
 * indexes over exactly the columns each list searches (staff/staff-query.service.ts, staff/audit-query.ts), so a
 * search of three characters or more is a bitmap scan instead of reading the whole table (bench/audit prints the plans).
 * pg_trgm ships with PostgreSQL's contrib (the embedded PostgreSQL and the official images have it) and is a trusted
 * extension, so the database's owner may create it. The entities declare these indexes with `synchronize: false`.
 */
export class ConsoleSearchTrigrams1795524600000 implements MigrationInterface {
  name = 'ConsoleSearchTrigrams1795524600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await q.query('CREATE INDEX "idx_audit_events_q" ON "audit_events" USING gin ("summary" gin_trgm_ops, "actor_email" gin_trgm_ops)');
    await q.query(
      'CREATE INDEX "idx_staff_users_q" ON "staff_users" USING gin ("email" gin_trgm_ops, "username" gin_trgm_ops, ' +
        `(("first_name" || ' ' || "last_name")) gin_trgm_ops)`,
    );
    await q.query(
      'CREATE INDEX "idx_staff_codes_q" ON "staff_codes" USING gin ("label" gin_trgm_ops, "destination" gin_trgm_ops, ' +
        '"short_code" gin_trgm_ops, "owner_email" gin_trgm_ops)',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "idx_staff_codes_q"');
    await q.query('DROP INDEX "idx_staff_users_q"');
    await q.query('DROP INDEX "idx_audit_events_q"');
  }
}
