import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { WebhookEventType } from './webhook.events';
import { messageIdOf, payloadOf, subjectOf } from './webhook-payloads';

/** A webhook as the dispatcher follows it (webhook_endpoints). */
export interface Endpoint {
  id: string;
  client_id: number;
  owner_id: string;
  events: WebhookEventType[];
  include_bots: boolean;
  status: string;
}

/** A code's owner and short code, from its QrCreated (webhook_codes). */
export interface Code {
  qr_id: string;
  client_id: number;
  owner_id: string;
  short_code: string | null;
}

export interface PlannedDelivery {
  key: string;
  webhook_id: string;
  client_id: number;
  qr_id: string;
  event_id: string;
  type: WebhookEventType;
  message_id: string;
  body: string;
  replay: boolean;
}

/**
 * The deliveries of one event: every active endpoint of the code's owner subscribed to its type (`only`: that one
 * endpoint). A replay's rows are keyed by the replay (`replay:{replayId}:{eventId}`), the others by event × webhook.
 */
export function planDeliveries(
  event: RecordedEvent,
  codes: Map<string, Code>,
  endpoints: Endpoint[],
  replay: string | false,
  only?: string,
): PlannedDelivery[] {
  const subject = subjectOf(event);
  const code = subject && codes.get(subject.qrId);
  if (!subject || !code || code.client_id !== event.metadata.tenantId) return [];
  const payload = payloadOf(event, { qrId: code.qr_id, shortCode: code.short_code });
  if (!payload) return [];
  const body = JSON.stringify(payload);
  return endpoints
    .filter(
      (endpoint) =>
        endpoint.status === 'active' &&
        (only === undefined || endpoint.id === only) &&
        endpoint.client_id === code.client_id &&
        endpoint.owner_id === code.owner_id &&
        endpoint.events.includes(subject.type) &&
        (!subject.isBot || endpoint.include_bots),
    )
    .map((endpoint) => ({
      key: replay ? `replay:${replay}:${event.id}` : `event:${event.id}:${endpoint.id}`,
      webhook_id: endpoint.id,
      client_id: code.client_id,
      qr_id: code.qr_id,
      event_id: event.id,
      type: subject.type,
      message_id: messageIdOf(event.id),
      body,
      replay: Boolean(replay),
    }));
}

/** Records planned rows in their order (their `seq`); a key already recorded is left alone. Resolves to the new keys. */
export async function recordDeliveries(rows: PlannedDelivery[], tx: EntityManager): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = (await tx.query(
    `INSERT INTO webhook_deliveries (key, webhook_id, client_id, qr_id, event_id, type, message_id, body, replay, next_attempt_at)
     SELECT r.key, r.webhook_id, r.client_id, r.qr_id, r.event_id, r.type, r.message_id, r.body, r.replay, now()
     FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
     CROSS JOIN LATERAL jsonb_to_record(e.value) AS r(key text, webhook_id uuid, client_id integer, qr_id uuid,
       event_id uuid, type text, message_id text, body text, replay boolean)
     ORDER BY e.n
     ON CONFLICT (key) DO NOTHING RETURNING key`,
    [JSON.stringify(rows)],
  )) as { key: string }[];
  return inserted.map((row) => row.key);
}
