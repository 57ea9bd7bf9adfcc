/**
 * Events of the webhooks feature (issue 34), on `webhook-{webhookId}`. The signing secret travels in WebhookCreated (the
 * worker signs with it); the staff's audit log replaces it like every `secret` (staff/audit-sentences.ts).
 */
import { personalData } from '../event-store/personal-data/personal-data-registry';
import { eventCatalogue, type EventOf } from '../event-store/typed-events';

/** What a webhook may subscribe to (docs/webhooks.md describes each type's data). */
export const WEBHOOK_EVENT_TYPES = ['scan.created', 'code.created', 'code.updated', 'code.paused', 'code.resumed', 'code.deleted'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookCreated {
  webhookId: string;
  /** The owner: the webhook receives events of this user's codes, on the event's tenant (the envelope's tenantId). */
  ownerId: string;
  url: string;
  events: WebhookEventType[];
  /** scan.created also for bots and link previews. */
  includeBots: boolean;
  /** `whsec_` and the base64 of 32 random bytes: the HMAC key is the decoded bytes (Standard Webhooks). */
  secret: string;
}

export interface WebhookDeleted {
  webhookId: string;
}

/** The worker gave up on a delivery after every retry (about a day): nothing more is sent; the owner is mailed. */
export interface WebhookDisabled {
  webhookId: string;
  ownerId: string;
  url: string;
  /** The last attempt's outcome, e.g. 'HTTP 500' or 'timed out after 10000 ms'. */
  reason: string;
}

/** The owner asked for every event since `from` again (POST /api/webhooks/{id}/replay): the worker reads the store. */
export interface WebhookReplayRequested {
  webhookId: string;
  replayId: string;
  /** ISO-8601: events that happened at or after it. */
  from: string;
}

/**
 * The owner asked for a failed delivery again (POST /api/webhooks/{id}/deliveries/{deliveryId}/retry): the worker sends
 * the same body under the same webhook-id. A retry says the endpoint is back, so a disabled webhook is active again.
 */
export interface WebhookRetryRequested {
  webhookId: string;
  /** The delivery's webhook-id (`msg_…`). */
  deliveryId: string;
}

/**
 * The owner turned a disabled webhook back on (POST /api/webhooks/{id}/enable): events from now on are sent again; the
 * failed delivery stays failed (Retry sends it), the deliveries cancelled while it was off stay cancelled (Replay sends
 * them again).
 */
export interface WebhookEnabled {
  webhookId: string;
}

export interface WebhookEvents {
  WebhookCreated: WebhookCreated;
  WebhookDeleted: WebhookDeleted;
  WebhookDisabled: WebhookDisabled;
  WebhookEnabled: WebhookEnabled;
  WebhookReplayRequested: WebhookReplayRequested;
  WebhookRetryRequested: WebhookRetryRequested;
}
export type WebhookEvent = EventOf<WebhookEvents>;
export const WEBHOOK_EVENTS = eventCatalogue<WebhookEvents>({
  WebhookCreated: true,
  WebhookDeleted: true,
  WebhookDisabled: true,
  WebhookEnabled: true,
  WebhookReplayRequested: true,
  WebhookRetryRequested: true,
});

export const webhookStream = (webhookId: string) => `webhook-${webhookId}`;

/**
 * Personal data (issue 32): the URL an owner typed, and the secret, are sealed with the owner's key (`user:{ownerId}`):
 * the account's deletion erases them (the dispatcher forgets its copies on UserDeleted).
 */
const ownerSubject = (data: { ownerId: string }) => `user:${data.ownerId}`;
personalData
  .register<WebhookCreated>('WebhookCreated', { subject: ownerSubject, fields: { url: '', secret: '' } })
  .register<WebhookDisabled>('WebhookDisabled', { subject: ownerSubject, fields: { url: '' } });
