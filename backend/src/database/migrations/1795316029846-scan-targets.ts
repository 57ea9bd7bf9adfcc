import { MigrationInterface, QueryRunner } from 'typeorm';

export class ScanTargets1795316029846 implements MigrationInterface {
  name = 'ScanTargets1795316029846';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "scan_targets" ("qr_id" character varying(64) NOT NULL, "short_code" character varying(20) NOT NULL, "client_id" ' +
        'integer NOT NULL, "user_id" character varying(64), "qr_type" character varying(20) NOT NULL, "destination" text, "fields" jsonb ' +
        'NOT NULL DEFAULT \'{}\'::jsonb, "is_paused" boolean NOT NULL DEFAULT false, "is_deleted" boolean NOT NULL DEFAULT false, ' +
        '"updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_82d0e98b3dd8ff2c34b9254755b" PRIMARY KEY ("qr_id"))',
    );
    await q.query('CREATE UNIQUE INDEX "scan_targets_short_code_key" ON "scan_targets"  ("short_code") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."scan_targets_short_code_key"');
    await q.query('DROP TABLE "scan_targets"');
  }
}
