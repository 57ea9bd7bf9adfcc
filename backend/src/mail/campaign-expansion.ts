import type { EntityManager } from 'typeorm';
import { audienceSql, CAMPAIGN_EVENTS, MAIL_KIND_OF } from '../campaigns';
import type { RecordedEvent } from '../event-store/event-store';
import { MAIL_MAX_AGE_MS } from './mail-plans';

/** The ledger's source of an event's mails: the event's id, or a campaign's id (its mails are grouped by it). */
export const sourceOf = (event: RecordedEvent): string => (CAMPAIGN_EVENTS.has(event) ? String(event.data.campaignId) : event.id);

/**
 * A CampaignStarted becomes one ledger row per recipient, in the dispatcher's batch transaction: one INSERT … SELECT
 * over the campaign's audience (campaigns/campaign-audiences.ts), so 10,000 recipients never pass through this process
 * one by one. Key `campaign:{campaignId}:{recipient}:{kind}` (a replay or a redelivered batch inserts nothing twice);
 * the Message-ID is computed in SQL exactly as messageIdFor does. Opted-out owners are recorded as `skipped` (with
 * `optedOut` in their data, so the campaign counts them); so is a campaign older than a day when first seen.
 */
export async function expandCampaigns(events: RecordedEvent[], tx: EntityManager, messageDomain: string, now: Date): Promise<void> {
  for (const event of CAMPAIGN_EVENTS.among(events)) {
    const { data } = event;
    const kind = MAIL_KIND_OF[data.kind];
    if (!kind) continue;
    const late = now.getTime() - new Date(event.metadata.occurredAt).getTime() > MAIL_MAX_AGE_MS;
    const common = {
      campaignId: data.campaignId,
      campaignKind: data.kind,
      subject: data.subject,
      content: data.content,
      stats: data.stats,
    };
    await tx.query(
      `INSERT INTO mail_ledger (key, client_id, kind, source_id, recipient, data, status, send_after, message_id)
       SELECT r.key, $3, $4::text, $5::text, r.recipient, $6::jsonb || r.extra || jsonb_build_object('optedOut', r.opted_out),
         CASE WHEN r.opted_out OR $7 THEN 'skipped' ELSE 'pending' END, $8,
         '<' || left(encode(sha256(convert_to(r.key, 'UTF8')), 'hex'), 32) || '@' || $9::text || '>'
       FROM (SELECT 'campaign:' || $5::text || ':' || lower(trim(a.recipient)) || ':' || $4::text AS key, trim(a.recipient) AS recipient,
               a.opted_out, a.extra
             FROM (${audienceSql(data.kind)}) a) r
       ON CONFLICT (key) DO NOTHING`,
      [
        event.metadata.tenantId,
        data.startedBy,
        event.metadata.tenantId,
        kind,
        data.campaignId,
        JSON.stringify(common),
        late,
        event.metadata.occurredAt,
        messageDomain,
      ],
    );
  }
}
