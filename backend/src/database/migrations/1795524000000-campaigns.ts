import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: `campaigns` and `notification_preferences` (campaigns/campaign.entity.ts), the newsletter's double opt-in
 * (`newsletter_subscriptions.confirmed_at`; addresses that signed up before it are taken as confirmed: they asked for
 * the tips before confirmation existed) and the ledger's index by source (a campaign's progress, a batch's queueing).
 *
 * Issue 28 item 1: the subscribers from before double opt-in were first confirmed with an UPDATE of the read model,
 * which no rebuild reproduces. They get a NewsletterSubscriptionConfirmed (`reason: 'migrated'`) in the embedded event
 * store instead, and the projection confirms them (at their subscription time, as the UPDATE did). Databases that
 * ran the UPDATE get the same events from NewsletterPerTenant1795525100000.
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
    await q.query(MIGRATED_CONFIRMATIONS);
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

/** Every live subscription (all from before double opt-in) confirmed by an event; frozen copy, see the later migration. */
const MIGRATED_CONFIRMATIONS = `
  WITH pending AS (
    SELECT s.id, s.client_id, s.email,
           'newsletter-' || s.client_id || '-' || encode(sha256(convert_to(s.email, 'UTF8')), 'hex') AS stream_id,
           md5('newsletter-migrated-confirmation:' || s.id)::uuid AS event_id
    FROM newsletter_subscriptions s
    WHERE NOT s.is_deleted
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'NewsletterSubscriptionConfirmed' AND e.data->>'subscriptionId' = s.id::text)
  ), heads AS (
    INSERT INTO event_streams (stream_id, revision) SELECT stream_id, 0 FROM pending
    ON CONFLICT (stream_id) DO UPDATE SET revision = event_streams.revision + 1
    RETURNING stream_id, revision
  )
  INSERT INTO events (stream_id, revision, id, type, data, metadata)
  SELECT p.stream_id, h.revision, p.event_id, 'NewsletterSubscriptionConfirmed',
         jsonb_build_object('email', p.email, 'subscriptionId', p.id, 'reason', 'migrated'),
         jsonb_build_object('tenantId', p.client_id, 'actorId', 'system', 'correlationId', 'migration:Campaigns1795524000000',
           'causationId', p.id, 'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'schemaVersion', 1)
  FROM pending p JOIN heads h USING (stream_id)`;
