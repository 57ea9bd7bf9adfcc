import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: the analytics projection's filterable scan facets and the share links of a code's analytics page. */
export class AnalyticsFacetsShareLinks1795515971399 implements MigrationInterface {
  name = 'AnalyticsFacetsShareLinks1795515971399';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "scan_facets" ("qr_id" character varying(64) NOT NULL, "day" date NOT NULL, "visitor_hash" character varying(64) ' +
        'NOT NULL, "kind" character varying(8) NOT NULL, "country" character varying(255) NOT NULL, "device" character varying(255) ' +
        'NOT NULL, "os" character varying(255) NOT NULL, "browser" character varying(255) NOT NULL, "referrer" character varying(255) ' +
        'NOT NULL, "hour" character varying(2) NOT NULL, "client_id" integer NOT NULL, "count" integer NOT NULL DEFAULT \'0\', ' +
        'CONSTRAINT "PK_fa66edb48381be943bc460aa931" PRIMARY KEY ("qr_id", "day", "visitor_hash", "kind", "country", "device", "os", ' +
        '"browser", "referrer", "hour"))',
    );
    await q.query(
      'CREATE TABLE "analytics_share_links" ("share_id" uuid NOT NULL, "qr_id" character varying(64) NOT NULL, "client_id" integer ' +
        'NOT NULL, "user_id" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP ' +
        'WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a3cc9fa9460bfebcb7407cdcc6b" PRIMARY KEY ' +
        '("share_id"))',
    );
    await q.query('CREATE INDEX "analytics_share_links_code" ON "analytics_share_links"  ("qr_id") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."analytics_share_links_code"');
    await q.query('DROP TABLE "analytics_share_links"');
    await q.query('DROP TABLE "scan_facets"');
  }
}
