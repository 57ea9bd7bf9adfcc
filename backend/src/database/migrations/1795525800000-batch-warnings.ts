import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 35: a batch lists the codes it made that would not scan once printed (`warnings`: [{ row, codeId, message }]). */
export class BatchWarnings1795525800000 implements MigrationInterface {
  name = 'BatchWarnings1795525800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "batches" ADD "warnings" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "batches" DROP COLUMN "warnings"');
  }
}
