import { MigrationInterface, QueryRunner } from 'typeorm';

const OWNER_COLUMNS = '("client_id", "user_id", "created_at", "id", "is_paused", "is_deleted")';

/**
 * The owner indexes of both code lists also order by id and carry is_paused and is_deleted, so the dashboard's first
 * page (newest first, created_at then id) is a merge of the two indexes that stops after the page, and its total is
 * counted from the indexes alone (bench/dashboard, issue 16).
 */
export class DashboardCodeOrder1795518414761 implements MigrationInterface {
  name = 'DashboardCodeOrder1795518414761';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."idx_qr_codes_owner"');
    await q.query(`CREATE INDEX "idx_qr_codes_owner" ON "qr_codes" ${OWNER_COLUMNS}`);
    await q.query('DROP INDEX "public"."idx_dynamic_qr_codes_owner"');
    await q.query(`CREATE INDEX "idx_dynamic_qr_codes_owner" ON "dynamic_qr_codes" ${OWNER_COLUMNS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."idx_dynamic_qr_codes_owner"');
    await q.query('CREATE INDEX "idx_dynamic_qr_codes_owner" ON "dynamic_qr_codes" ("client_id", "user_id", "created_at")');
    await q.query('DROP INDEX "public"."idx_qr_codes_owner"');
    await q.query('CREATE INDEX "idx_qr_codes_owner" ON "qr_codes" ("client_id", "user_id", "created_at")');
  }
}
