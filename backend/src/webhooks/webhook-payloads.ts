import { createHmac } from 'node:crypto';
import { USER_STREAM_EVENTS } from '../accounts';
import { QR_EVENTS } from '../codes';
import type { RecordedEvent } from '../event-store/event-store';
import { SCAN_EVENTS } from '../scans';
import { WEBHOOK_EVENTS, type WebhookEventType } from './webhook.events';
import { WEBHOOK_RETENTION_EVENTS } from './webhook-retention';

/** What a code's change was, in code.updated's `change`. */
const UPDATES = {
  QrDestinationChanged: 'destination',
  QrStyleChanged: 'style',
  QrContentChanged: 'content',
  QrRenamed: 'name',
  QrRoutingChanged: 'routing',
  QrPasswordSet: 'password',
  QrPasswordRemoved: 'password',
} as const;

const CODE_EVENTS = QR_EVENTS.pick(
  'QrCreated',
  'QrPaused',
  'QrResumed',
  'QrDeleted',
  ...(Object.keys(UPDATES) as (keyof typeof UPDATES)[]),
);
/** Every event the dispatcher reads: the webhooks' own, the codes' and the ingested scans, a deleted account, the retention. */
export const DISPATCHED_EVENTS = WEBHOOK_EVENTS.and(CODE_EVENTS)
  .and(SCAN_EVENTS)
  .and(USER_STREAM_EVENTS.pick('UserDeleted'))
  .and(WEBHOOK_RETENTION_EVENTS);

/** The code an event is about, as the dispatcher knows it from the code's QrCreated. */
export interface CodeRef {
  qrId: string;
  shortCode: string | null;
}

/** A delivery's body: Standard Webhooks' `{ type, timestamp, data }` (docs/webhooks.md lists each type's data). */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The code (and, for a scan, whether it was a bot's) an event of a webhook type is about; null for other events. */
export function subjectOf(event: RecordedEvent): { qrId: string; type: WebhookEventType; isBot: boolean } | null {
  if (SCAN_EVENTS.has(event)) return { qrId: event.data.qrId, type: 'scan.created', isBot: event.data.isBot };
  if (!CODE_EVENTS.has(event)) return null;
  const qrId = event.data.qrId;
  switch (event.type) {
    case 'QrCreated':
      return { qrId, type: 'code.created', isBot: false };
    case 'QrPaused':
      return { qrId, type: 'code.paused', isBot: false };
    case 'QrResumed':
      return { qrId, type: 'code.resumed', isBot: false };
    case 'QrDeleted':
      return { qrId, type: 'code.deleted', isBot: false };
    default:
      return { qrId, type: 'code.updated', isBot: false };
  }
}

/** The body of `event`'s delivery (the same for every webhook and every attempt). Never a person's content. */
export function payloadOf(event: RecordedEvent, code: CodeRef): WebhookPayload | null {
  const subject = subjectOf(event);
  if (!subject) return null;
  const base = { codeId: code.qrId, shortCode: code.shortCode };
  if (SCAN_EVENTS.has(event)) {
    const scan = event.data;
    return {
      type: 'scan.created',
      timestamp: scan.scannedAt,
      data: {
        ...base,
        shortCode: scan.shortCode,
        scanId: scan.scanId,
        scannedAt: scan.scannedAt,
        device: scan.device,
        os: scan.os,
        browser: scan.browser,
        country: scan.country,
        referrer: scan.referrer,
        isBot: scan.isBot,
      },
    };
  }
  const timestamp = event.metadata.occurredAt;
  if (CODE_EVENTS.has(event) && event.type === 'QrCreated') {
    const { mode, qrType } = event.data;
    return { type: 'code.created', timestamp, data: { ...base, shortCode: event.data.shortCode, mode, qrType } };
  }
  if (subject.type === 'code.updated')
    return { type: subject.type, timestamp, data: { ...base, change: UPDATES[event.type as keyof typeof UPDATES] } };
  return { type: subject.type, timestamp, data: base };
}

/** The webhook-id of an event's delivery: the same on every retry and every replay of it (receivers may dedupe on it). */
export const messageIdOf = (eventId: string) => `msg_${eventId.replace(/-/g, '')}`;

/**
 * Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the bytes of
 * the secret (base64 after `whsec_`).
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
