import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27 item 8 and issue 28 item 1: newsletter lists per tenant (unique per tenant and address, streams
 * `newsletter-{tenantId}-{sha256}`), and the old back-fill of `confirmed_at` turned into events.
 *
 * The campaigns migration once set `confirmed_at` for the subscribers from before double opt-in with an UPDATE of the
 * read model, which the projection could not reproduce: a rebuild un-confirmed them. On a database where it did, those
 * rows are the live confirmed ones whose subscription has no NewsletterSubscriptionConfirmed: each gets one now
 * (`reason: 'migrated'`, projected as confirmed at subscription time, which is what the UPDATE wrote), appended to
 * the embedded event store (the `events` table) on the tenant's new stream of the address. Event ids derive from the
 * subscription's, so the statement finds nothing to do a second time.
 */
export class NewsletterPerTenant1795525100000 implements MigrationInterface {
  name = 'NewsletterPerTenant1795525100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "newsletter_subscriptions" DROP CONSTRAINT "UQ_newsletter_subscriptions_email"');
    await q.query(
      'ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "UQ_newsletter_subscriptions_client_email" UNIQUE ("client_id", "email")',
    );
    await q.query(MIGRATED_CONFIRMATIONS('s.confirmed_at IS NOT NULL', 'NewsletterPerTenant1795525100000'));
  }

  async down(q: QueryRunner): Promise<void> {
    // The appended events stay (events are never removed); the old index needs one row per address again.
    await q.query('ALTER TABLE "newsletter_subscriptions" DROP CONSTRAINT "UQ_newsletter_subscriptions_client_email"');
    await q.query('ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "UQ_newsletter_subscriptions_email" UNIQUE ("email")');
  }
}

/**
 * (Not exported: every function a migration file exports is taken for a migration.) Appends
 * NewsletterSubscriptionConfirmed (`reason: 'migrated'`) for every live subscription matching `where` (alias
 * `s`) that has none, to `newsletter-{client_id}-{sha256(email)}`, with an id derived from the subscription's. A frozen
 * copy of this statement is in the campaigns migration (migrations never import code that may change).
 */
const MIGRATED_CONFIRMATIONS = (where: string, migration: string) => `
  WITH pending AS (
    SELECT s.id, s.client_id, s.email,
           'newsletter-' || s.client_id || '-' || encode(sha256(convert_to(s.email, 'UTF8')), 'hex') AS stream_id,
           md5('newsletter-migrated-confirmation:' || s.id)::uuid AS event_id
    FROM newsletter_subscriptions s
    WHERE NOT s.is_deleted AND ${where}
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'NewsletterSubscriptionConfirmed' AND e.data->>'subscriptionId' = s.id::text)
  ), heads AS (
    INSERT INTO event_streams (stream_id, revision) SELECT stream_id, 0 FROM pending
    ON CONFLICT (stream_id) DO UPDATE SET revision = event_streams.revision + 1
    RETURNING stream_id, revision
  )
  INSERT INTO events (stream_id, revision, id, type, data, metadata)
  SELECT p.stream_id, h.revision, p.event_id, 'NewsletterSubscriptionConfirmed',
         jsonb_build_object('email', p.email, 'subscriptionId', p.id, 'reason', 'migrated'),
         jsonb_build_object('tenantId', p.client_id, 'actorId', 'system', 'correlationId', 'migration:${migration}',
           'causationId', p.id, 'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'schemaVersion', 1)
  FROM pending p JOIN heads h USING (stream_id)`;
