import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import { PERSONAL_DATA_KEYS } from '../event-store/event-store.module';
import { PRIVACY_EVENTS } from '../event-store/personal-data/personal-data-erased';
import type { PersonalDataKeys } from '../event-store/personal-data/personal-data-keys';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { erasedAddress, NEWSLETTER_EVENTS, normalizeEmail, tenantOfNewsletterStream } from './newsletter-subscription.events';

/** The newsletter_subscriptions projection's name: commands and readers wait on it by this constant (ProjectionsService.waitFor). */
export const NEWSLETTER_SUBSCRIPTIONS_PROJECTION = 'newsletter_subscriptions';

/**
 * The newsletter lists: one row per tenant and address. A signup (again, after unsubscribing) makes the row live and
 * unconfirmed; the confirmation link sets `confirmed_at` (a 'migrated' confirmation: the subscription's own time, as
 * the address asked before double opt-in existed); unsubscribing marks it deleted. Newsletters go to live confirmed rows.
 *
 * Events of a per-tenant stream change that tenant's row. Events of a legacy stream (one per address, from before
 * lists were per tenant: never appended to since) change the address's one live row, whichever tenant it is on: a
 * legacy confirmation or unsubscription may carry another host's tenant in its metadata, and in `$all` every legacy
 * event comes before the first per-tenant one, when an address had one row at most.
 *
 * Issue 32: `PersonalDataErased` of an address on a tenant (`email:{tenantId}:{hash}`, appended by the deletion of an
 * account of that address; or `subscriber:{tenantId}:{hash}`) rewrites that tenant's row of the address to the erased
 * address (`erased-{hash}@erased.invalid`), which is what its events read as from then on: a rebuild after the erasure
 * writes the same row. The rows' addresses are matched by their salted hash (PersonalDataKeys.hash).
 */
@Injectable()
export class NewsletterSubscriptionsProjection implements Projection, OnModuleInit {
  readonly name = NEWSLETTER_SUBSCRIPTIONS_PROJECTION;
  readonly tables = ['newsletter_subscriptions'];
  readonly eventTypes = NEWSLETTER_EVENTS.and(PRIVACY_EVENTS).types;

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const recorded of events) {
      if (PRIVACY_EVENTS.has(recorded)) {
        await this.erase(tx, recorded.data.subject);
        continue;
      }
      if (!NEWSLETTER_EVENTS.has(recorded)) continue;
      const event = recorded;
      const email = normalizeEmail(event.data.email);
      const at = event.metadata.occurredAt;
      const streamTenant = tenantOfNewsletterStream(event.streamId);
      // $3: the row's tenant, or null for a legacy stream's event (the address's live row, whichever tenant's).
      const row = `email = $1 AND ($3::int IS NULL OR client_id = $3) AND NOT is_deleted`;
      if (event.type === 'NewsletterSubscribed' && streamTenant === null) {
        // As the projection did then (one row per address): an address signing up again takes its old row, whichever
        // tenant's it was. A legacy signup never met a live row (the aggregate refused a second one).
        await tx.query(
          `WITH moved AS (
             UPDATE newsletter_subscriptions SET id = $1, client_id = $2, subscribed_at = $4, confirmed_at = NULL, is_deleted = false,
               deleted_at = NULL
             WHERE email = $3 AND is_deleted RETURNING 1)
           INSERT INTO newsletter_subscriptions (id, client_id, email, subscribed_at, is_deleted)
           SELECT $1, $2, $3, $4, false WHERE NOT EXISTS (SELECT 1 FROM moved)
           ON CONFLICT (client_id, email) DO NOTHING`,
          [event.id, event.metadata.tenantId ?? 1, email, at],
        );
      } else if (event.type === 'NewsletterSubscribed') {
        await tx.query(
          `INSERT INTO newsletter_subscriptions (id, client_id, email, subscribed_at, is_deleted)
           VALUES ($1, $2, $3, $4, false)
           ON CONFLICT (client_id, email) DO UPDATE SET id = excluded.id, subscribed_at = excluded.subscribed_at,
             confirmed_at = NULL, is_deleted = false, deleted_at = NULL
           WHERE newsletter_subscriptions.is_deleted`,
          [event.id, streamTenant, email, at],
        );
      } else if (event.type === 'NewsletterSubscriptionConfirmed') {
        const migrated = event.data.reason === 'migrated';
        await tx.query(
          `UPDATE newsletter_subscriptions SET confirmed_at = CASE WHEN $4::boolean THEN subscribed_at ELSE $2::timestamptz END
           WHERE ${row}`,
          [email, at, streamTenant, migrated],
        );
      } else if (event.type === 'NewsletterUnsubscribed') {
        await tx.query(`UPDATE newsletter_subscriptions SET is_deleted = true, deleted_at = $2, confirmed_at = NULL WHERE ${row}`, [
          email,
          at,
          streamTenant,
        ]);
      }
    }
  }

  /**
   * The tenant's row of an erased address takes the erased address. A row already erased for the same subject (the
   * address subscribed again after an earlier erasure) is what a rebuild would fold this one into: when it had
   * unsubscribed, the rebuild's signup takes it over, so it goes and this row stays; when it is live, the rebuild never
   * made this row (its signup met the live row), so this one goes.
   */
  private async erase(tx: EntityManager, subject: string): Promise<void> {
    const match = /^(?:email|subscriber):(\d+):(.+)$/.exec(subject);
    if (!match) return;
    const [tenantId, hash] = [Number(match[1]), match[2]];
    const erased = erasedAddress(subject);
    const rows = (await tx.query(
      `SELECT id, email FROM newsletter_subscriptions WHERE client_id = $1 AND email NOT LIKE '%@erased.invalid'`,
      [tenantId],
    )) as { id: string; email: string }[];
    for (const row of rows.filter((candidate) => this.keys.hash('email', candidate.email) === hash)) {
      const [earlier] = (await tx.query('SELECT id, is_deleted FROM newsletter_subscriptions WHERE client_id = $1 AND email = $2', [
        tenantId,
        erased,
      ])) as { id: string; is_deleted: boolean }[];
      if (earlier && !earlier.is_deleted) {
        await tx.query('DELETE FROM newsletter_subscriptions WHERE id = $1', [row.id]);
        continue;
      }
      if (earlier) await tx.query('DELETE FROM newsletter_subscriptions WHERE id = $1', [earlier.id]);
      await tx.query('UPDATE newsletter_subscriptions SET email = $2 WHERE id = $1', [row.id, erased]);
    }
  }
}
