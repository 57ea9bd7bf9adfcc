import { MigrationInterface, QueryRunner } from 'typeorm';

/** A white-label client's staff always read their tenant's rows: by tenant and event type, newest first (bench/audit). */
export class AuditTenantType1795519195074 implements MigrationInterface {
  name = 'AuditTenantType1795519195074';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX "idx_audit_events_client_type" ON "audit_events" ("client_id", "type", "position")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "idx_audit_events_client_type"');
  }
}
