import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34, webhooks: the `webhooks` read model (the owners' list), and the dispatcher's own tables (never rebuilt):
 * the endpoints and code owners it has seen in `$all`, and the delivery ledger.
 */
export class Webhooks1795525650000 implements MigrationInterface {
  name = 'Webhooks1795525650000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "webhooks" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "owner_id" uuid NOT NULL, "url" text NOT NULL,
        "events" text array NOT NULL, "include_bots" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "disabled_at" TIMESTAMP WITH TIME ZONE, "disabled_reason" text, CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`,
    );
    await q.query('CREATE INDEX "IDX_webhooks_owner" ON "webhooks" ("client_id", "owner_id", "created_at")');
    await q.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "owner_id" uuid NOT NULL, "url" text NOT NULL,
        "events" text array NOT NULL, "include_bots" boolean NOT NULL DEFAULT false, "secret" text NOT NULL,
        "status" character varying(10) NOT NULL DEFAULT 'active', CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE TABLE "webhook_codes" ("qr_id" uuid NOT NULL, "client_id" integer NOT NULL, "owner_id" uuid NOT NULL, "short_code" text,
        CONSTRAINT "PK_e6784ab021afcf3da47590d5c6f" PRIMARY KEY ("qr_id"))`,
    );
    await q.query(
      `CREATE TABLE "webhook_deliveries" ("key" text NOT NULL, "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
        "webhook_id" uuid NOT NULL, "client_id" integer NOT NULL, "qr_id" uuid NOT NULL, "event_id" uuid NOT NULL,
        "type" character varying(20) NOT NULL, "message_id" text NOT NULL, "body" text NOT NULL,
        "status" character varying(10) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0',
        "interrupted" integer NOT NULL DEFAULT '0', "last_status" text, "next_attempt_at" TIMESTAMP WITH TIME ZONE,
        "replay" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_42ada1dcfd05e9a5d914f48c4a1" PRIMARY KEY ("key"))`,
    );
    await q.query('CREATE INDEX "IDX_webhook_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "seq")');
    await q.query('CREATE INDEX "IDX_webhook_deliveries_status" ON "webhook_deliveries" ("status", "updated_at")');
    await q.query('CREATE INDEX "IDX_webhook_deliveries_chain" ON "webhook_deliveries" ("webhook_id", "qr_id", "seq")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "webhook_deliveries"');
    await q.query('DROP TABLE "webhook_codes"');
    await q.query('DROP TABLE "webhook_endpoints"');
    await q.query('DROP TABLE "webhooks"');
  }
}
