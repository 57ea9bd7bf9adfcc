import { MigrationInterface, QueryRunner } from 'typeorm';

export class CodePasswords1795509635708 implements MigrationInterface {
  name = 'CodePasswords1795509635708';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "dynamic_qr_codes" ADD "has_password" boolean NOT NULL DEFAULT false');
    await q.query('ALTER TABLE "scan_targets" ADD "password_hash" text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "scan_targets" DROP COLUMN "password_hash"');
    await q.query('ALTER TABLE "dynamic_qr_codes" DROP COLUMN "has_password"');
  }
}
