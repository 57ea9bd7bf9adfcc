import { MigrationInterface, QueryRunner } from 'typeorm';

const FACETS_KEY = '"qr_id", "day", "visitor_hash", "kind", "country", "device", "os", "browser", "referrer", "hour", "route"';
const BREAKDOWNS_KEY = '"qr_id", "day", "dimension", "value", "is_bot"';

/**
 * Issue 31: every analytics read answers from an index alone at 10^7 scans (bench/analytics, BENCH_SEED=sql).
 * - scan_facets' and scan_breakdowns' keys carry client_id and count (INCLUDE): a code's period is one range of the key,
 *   read without visiting the table, whose rows of a code lie scattered among every other code's rows of each day.
 * - scan_facets_previews: the previews of a code's days, the few preview rows only (the key's range held every visitor).
 * - scan_daily_day: today's scans of one tenant or of all (the console) and a tenant's last days (campaign audiences).
 * The rebuild copies keys and indexes from the live tables (AnalyticsProjection.finishBulk), these included.
 */
export class AnalyticsReadIndexes1795525790000 implements MigrationInterface {
  name = 'AnalyticsReadIndexes1795525790000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "scan_facets" DROP CONSTRAINT "PK_25bb6fabfc1e22e4d5d1f37d3ca"');
    await q.query(
      `ALTER TABLE "scan_facets" ADD CONSTRAINT "PK_25bb6fabfc1e22e4d5d1f37d3ca"
       PRIMARY KEY (${FACETS_KEY}) INCLUDE ("client_id", "count")`,
    );
    await q.query('ALTER TABLE "scan_breakdowns" DROP CONSTRAINT "PK_5b0b751da19597f00f42e44063c"');
    await q.query(
      `ALTER TABLE "scan_breakdowns" ADD CONSTRAINT "PK_5b0b751da19597f00f42e44063c"
       PRIMARY KEY (${BREAKDOWNS_KEY}) INCLUDE ("client_id", "count")`,
    );
    await q.query(
      `CREATE INDEX "scan_facets_previews" ON "scan_facets" ("qr_id", "day") INCLUDE ("client_id", "count") WHERE "kind" = 'preview'`,
    );
    await q.query('CREATE INDEX "scan_daily_day" ON "scan_daily" ("day", "client_id") INCLUDE ("qr_id", "scans")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "scan_daily_day"');
    await q.query('DROP INDEX "scan_facets_previews"');
    await q.query('ALTER TABLE "scan_breakdowns" DROP CONSTRAINT "PK_5b0b751da19597f00f42e44063c"');
    await q.query(`ALTER TABLE "scan_breakdowns" ADD CONSTRAINT "PK_5b0b751da19597f00f42e44063c" PRIMARY KEY (${BREAKDOWNS_KEY})`);
    await q.query('ALTER TABLE "scan_facets" DROP CONSTRAINT "PK_25bb6fabfc1e22e4d5d1f37d3ca"');
    await q.query(`ALTER TABLE "scan_facets" ADD CONSTRAINT "PK_25bb6fabfc1e22e4d5d1f37d3ca" PRIMARY KEY (${FACETS_KEY})`);
  }
}
