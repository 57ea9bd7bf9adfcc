import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 33: analytics breaks scans down and filters them by the route that answered them (Scanned.route: 'rule 1',
 * 'split a', 'default', 'limit', ...; 'default' when the scan carries none). scan_facets gains the column in its key,
 * and scan_breakdowns the 'route' rows of the facets already there. The rows written before this migration become
 * 'default': a scan a routing answered before it is attributed to its rule or arm by `projections rebuild analytics`
 * (decisions.md).
 */
export class ScanFacetsRoute1795525700000 implements MigrationInterface {
  name = 'ScanFacetsRoute1795525700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "scan_facets" ADD "route" character varying(40) NOT NULL DEFAULT 'default'`);
    await q.query('ALTER TABLE "scan_facets" ALTER COLUMN "route" DROP DEFAULT');
    await q.query('ALTER TABLE "scan_facets" DROP CONSTRAINT "PK_fa66edb48381be943bc460aa931"');
    await q.query(
      'ALTER TABLE "scan_facets" ADD CONSTRAINT "PK_25bb6fabfc1e22e4d5d1f37d3ca" PRIMARY KEY ("qr_id", "day", "visitor_hash", "kind", ' +
        '"country", "device", "os", "browser", "referrer", "hour", "route")',
    );
    await q.query(
      `INSERT INTO "scan_breakdowns" ("qr_id", "day", "dimension", "value", "is_bot", "client_id", "count")
       SELECT "qr_id", "day", 'route', "route", "kind" <> 'human', min("client_id"), sum("count")::int FROM "scan_facets"
       GROUP BY "qr_id", "day", "route", "kind" <> 'human'
       ON CONFLICT ("qr_id", "day", "dimension", "value", "is_bot") DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "scan_breakdowns" WHERE "dimension" = 'route'`);
    await q.query('ALTER TABLE "scan_facets" DROP CONSTRAINT "PK_25bb6fabfc1e22e4d5d1f37d3ca"');
    // Rows apart only by their route become one again.
    await q.query(
      `CREATE TEMP TABLE "scan_facets_merged" AS SELECT "qr_id", "day", "visitor_hash", "kind", "country", "device", "os", "browser",
         "referrer", "hour", min("client_id") AS "client_id", sum("count")::int AS "count" FROM "scan_facets"
       GROUP BY "qr_id", "day", "visitor_hash", "kind", "country", "device", "os", "browser", "referrer", "hour"`,
    );
    await q.query('DELETE FROM "scan_facets"');
    await q.query('ALTER TABLE "scan_facets" DROP COLUMN "route"');
    await q.query('INSERT INTO "scan_facets" SELECT * FROM "scan_facets_merged"');
    await q.query('DROP TABLE "scan_facets_merged"');
    await q.query(
      'ALTER TABLE "scan_facets" ADD CONSTRAINT "PK_fa66edb48381be943bc460aa931" PRIMARY KEY ("qr_id", "day", "visitor_hash", "kind", ' +
        '"country", "device", "os", "browser", "referrer", "hour")',
    );
  }
}
