import { MigrationInterface, QueryRunner } from 'typeorm';

export class AnalyticsTables1795316320884 implements MigrationInterface {
  name = 'AnalyticsTables1795316320884';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "analytics_codes" ("qr_id" character varying(64) NOT NULL, "client_id" integer NOT NULL, "user_id" character ' +
        'varying(64), "mode" character varying(10) NOT NULL, "qr_type" character varying(20) NOT NULL, "name" character varying(255) NOT ' +
        'NULL, "short_code" character varying(20), "fields" jsonb NOT NULL DEFAULT \'{}\'::jsonb, "is_deleted" boolean NOT NULL ' +
        'DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_bf3b91ff28758bc7da97b19f57d" PRIMARY KEY ' +
        '("qr_id"))',
    );
    await q.query('CREATE INDEX "analytics_codes_owner" ON "analytics_codes"  ("client_id", "user_id") ');
    await q.query(
      'CREATE TABLE "scan_daily" ("qr_id" character varying(64) NOT NULL, "day" date NOT NULL, "client_id" integer NOT NULL, "scans" ' +
        "integer NOT NULL DEFAULT '0', \"unique_visitors\" integer NOT NULL DEFAULT '0', \"bots\" integer NOT NULL DEFAULT '0', " +
        'CONSTRAINT "PK_39fbd0b100498b259f170beb25a" PRIMARY KEY ("qr_id", "day"))',
    );
    await q.query(
      'CREATE TABLE "scan_visitors" ("qr_id" character varying(64) NOT NULL, "day" date NOT NULL, "visitor_hash" character varying(64) ' +
        'NOT NULL, "client_id" integer NOT NULL, CONSTRAINT "PK_c2b6520ff24d6d870c31862be5f" PRIMARY KEY ("qr_id", "day", "visitor_hash"))',
    );
    await q.query(
      'CREATE TABLE "scan_breakdowns" ("qr_id" character varying(64) NOT NULL, "day" date NOT NULL, "dimension" character varying(16) ' +
        'NOT NULL, "value" character varying(255) NOT NULL, "is_bot" boolean NOT NULL, "client_id" integer NOT NULL, "count" integer NOT ' +
        'NULL DEFAULT \'0\', CONSTRAINT "PK_5b0b751da19597f00f42e44063c" PRIMARY KEY ("qr_id", "day", "dimension", "value", "is_bot"))',
    );
    await q.query(
      'CREATE TABLE "scan_totals" ("qr_id" character varying(64) NOT NULL, "client_id" integer NOT NULL, "scans" bigint NOT NULL DEFAULT ' +
        '\'0\', "bots" bigint NOT NULL DEFAULT \'0\', "last_scanned_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT ' +
        '"PK_545645faf401427c19078a19925" PRIMARY KEY ("qr_id"))',
    );
    await q.query(
      'CREATE TABLE "qr_generations" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "qr_code_id" character varying(64), "user_id" ' +
        'character varying(64), "session_id" character varying(255) NOT NULL, "ip_hash" character varying(64), "user_agent" text, ' +
        '"qr_content" text NOT NULL, "qr_type" character varying(20) NOT NULL, "captured_email" character varying(255), ' +
        '"captured_name" character varying(200), "foreground_color" character varying(20), "background_color" character varying(20), ' +
        '"has_logo" boolean NOT NULL DEFAULT false, "referrer" text, "type_fields" jsonb NOT NULL DEFAULT \'{}\'::jsonb, ' +
        '"generated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_703629aa1bfab648c079496e7bc" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "qr_generations_code" ON "qr_generations"  ("qr_code_id") ');
    await q.query('CREATE INDEX "qr_generations_owner" ON "qr_generations"  ("client_id", "user_id", "generated_at") ');
    await q.query(
      'CREATE TABLE "qr_downloads" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "qr_code_id" character varying(64), "user_id" ' +
        'character varying(64), "session_id" character varying(255) NOT NULL, "ip_hash" character varying(64), "user_agent" text, ' +
        '"download_type" character varying(10) NOT NULL DEFAULT \'png\', "qr_content" text NOT NULL, "qr_type" character varying(20) ' +
        'NOT NULL, "captured_email" character varying(255), "captured_name" character varying(200), "referrer" text, "type_fields" ' +
        'jsonb NOT NULL DEFAULT \'{}\'::jsonb, "downloaded_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT ' +
        '"PK_88ff39c3569d4507a7197067e34" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "qr_downloads_code" ON "qr_downloads"  ("qr_code_id") ');
    await q.query('CREATE INDEX "qr_downloads_owner" ON "qr_downloads"  ("client_id", "user_id", "downloaded_at") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "qr_downloads"');
    await q.query('DROP TABLE "qr_generations"');
    await q.query('DROP TABLE "scan_totals"');
    await q.query('DROP TABLE "scan_breakdowns"');
    await q.query('DROP TABLE "scan_visitors"');
    await q.query('DROP TABLE "scan_daily"');
    await q.query('DROP TABLE "analytics_codes"');
  }
}
