import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 35: the owner's tags on both code lists (QrTagsChanged), filtered on ignoring case within the owner's index range. */
export class CodeTags1795525735000 implements MigrationInterface {
  name = 'CodeTags1795525735000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "qr_codes" ADD "tags" text array NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "dynamic_qr_codes" ADD "tags" text array NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "dynamic_qr_codes" DROP COLUMN "tags"');
    await q.query('ALTER TABLE "qr_codes" DROP COLUMN "tags"');
  }
}
