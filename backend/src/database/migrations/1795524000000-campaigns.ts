import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: `campaigns` and `notification_preferences` (campaigns/campaign.entity.ts), the newsletter's double opt-in
 * (`newsletter_subscriptions.confirmed_at`; addresses that signed up before it are taken as confirmed: they asked for
 * the tips before confirmation existed) and the ledger's index by source (a campaign's progress, a batch's queueing).
 */
export class Campaigns1795524000000 implements MigrationInterface {
  name = 'Campaigns1795524000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "campaigns" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "kind" character varying(20) NOT NULL, ' +
        '"subject" text NOT NULL, "recipient_count" integer NOT NULL, "audience_count" integer NOT NULL, ' +
        '"include_stats" boolean NOT NULL DEFAULT false, "started_by" uuid NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, ' +
        'CONSTRAINT "PK_campaigns" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_campaigns_client_started" ON "campaigns" ("client_id", "started_at")');
    await q.query(
      'CREATE TABLE "notification_preferences" ("user_id" uuid NOT NULL, "client_id" integer NOT NULL, ' +
        '"scan_notifications" boolean NOT NULL DEFAULT true, "pause_notifications" boolean NOT NULL DEFAULT true, ' +
        '"updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_notification_preferences" PRIMARY KEY ("user_id"))',
    );
    await q.query('ALTER TABLE "newsletter_subscriptions" ADD "confirmed_at" TIMESTAMP WITH TIME ZONE');
    await q.query('UPDATE "newsletter_subscriptions" SET "confirmed_at" = "subscribed_at" WHERE NOT "is_deleted"');
    await q.query('CREATE INDEX "IDX_mail_ledger_source_status" ON "mail_ledger" ("source_id", "status")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."IDX_mail_ledger_source_status"');
    await q.query('ALTER TABLE "newsletter_subscriptions" DROP COLUMN "confirmed_at"');
    await q.query('DROP TABLE "notification_preferences"');
    await q.query('DROP INDEX "public"."IDX_campaigns_client_started"');
    await q.query('DROP TABLE "campaigns"');
  }
}
