import { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner's name for a code (QrRenamed, the dashboard's rename), on both code lists. */
export class CodeNames1795515322420 implements MigrationInterface {
  name = 'CodeNames1795515322420';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "qr_codes" ADD "name" character varying(100)');
    await q.query('ALTER TABLE "dynamic_qr_codes" ADD "name" character varying(100)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "dynamic_qr_codes" DROP COLUMN "name"');
    await q.query('ALTER TABLE "qr_codes" DROP COLUMN "name"');
  }
}
