import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: the redirect's read model keeps each dynamic code's routing (QrRoutingChanged), so the cached scan target
 * carries it and /d/ decides without another read. No code had routing before: nothing to fill.
 */
export class ScanTargetRouting1795525300000 implements MigrationInterface {
  name = 'ScanTargetRouting1795525300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "scan_targets" ADD "routing" jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "scan_targets" DROP COLUMN "routing"');
  }
}
