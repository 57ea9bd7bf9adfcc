import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: a dynamic code's back-half may be chosen at creation, 4 to 64 characters (random ones stay 8). Every read
 * model keeping short codes widens to 64; widening a varchar rewrites no rows and keeps the indexes.
 */
export class CustomShortCodes1795525400000 implements MigrationInterface {
  name = 'CustomShortCodes1795525400000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`ALTER TABLE "${table}" ALTER COLUMN "short_code" TYPE character varying(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`ALTER TABLE "${table}" ALTER COLUMN "short_code" TYPE character varying(20)`);
  }
}

const TABLES = ['scan_targets', 'dynamic_qr_codes', 'analytics_codes', 'staff_codes'];
