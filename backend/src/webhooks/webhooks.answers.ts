import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './webhook.events';

/** What the webhooks routes answer, as zod schemas (`@AnswerOf`: /api/docs and the frontend's generated types). */
const webhookFields = {
  id: z.string().meta({ description: "The webhook's id (a UUID)" }),
  url: z.string().meta({ description: 'Where deliveries are POSTed' }),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).meta({ description: 'The event types it receives' }),
  includeBots: z.boolean().meta({ description: 'scan.created also for bots and link previews' }),
  createdAt: z.string().meta({ description: 'ISO 8601' }),
};

/** POST /api/webhooks (201): the signing secret is in this answer only. */
export const createdWebhookAnswer = z.object({
  ...webhookFields,
  secret: z.string().meta({
    description: '`whsec_` and the base64 of 32 random bytes; the HMAC-SHA256 key is the decoded bytes (Standard Webhooks). Shown once.',
  }),
});
export type CreatedWebhookAnswer = z.output<typeof createdWebhookAnswer>;

export const webhookAnswer = z.object({
  ...webhookFields,
  status: z
    .enum(['active', 'disabled'])
    .meta({ description: 'disabled: a delivery failed every retry (about a day); nothing more is sent' }),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
});
export type WebhookAnswer = z.output<typeof webhookAnswer>;

/** GET /api/webhooks: the caller's webhooks, newest first. */
export const webhooksAnswer = z.array(webhookAnswer);
export type WebhooksAnswer = z.output<typeof webhooksAnswer>;

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'cancelled'] as const;

export const deliveryAnswer = z.object({
  id: z.string().meta({ description: 'The webhook-id header of every attempt of this delivery' }),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  eventId: z.string().meta({ description: 'The stored event it was made from' }),
  status: z.enum(DELIVERY_STATUSES).meta({ description: 'cancelled: the webhook was disabled or deleted before it was sent' }),
  attempts: z.number().int(),
  lastStatus: z
    .string()
    .nullable()
    .meta({ description: "The last attempt's outcome: 'HTTP 200', 'HTTP 500', 'timed out after 10000 ms', …" }),
  nextAttemptAt: z.string().nullable().meta({ description: 'When the next try is due (ISO 8601); null when none is' }),
  replay: z.boolean().meta({ description: 'Sent again by a replay' }),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryAnswer = z.output<typeof deliveryAnswer>;

/** GET /api/webhooks/{id}/deliveries: the latest 100, newest first. */
export const deliveriesAnswer = z.array(deliveryAnswer);
export type DeliveriesAnswer = z.output<typeof deliveriesAnswer>;

/** POST /api/webhooks/{id}/replay (202): the worker reads the store and queues the deliveries. */
export const replayAnswer = z.object({
  replayId: z.string(),
  from: z.string().meta({ description: 'ISO 8601' }),
});
export type ReplayAnswer = z.output<typeof replayAnswer>;

/** POST /api/webhooks/{id}/enable: the webhook is active (events from now on are sent). */
export const enableAnswer = z.object({
  id: z.string(),
  status: z.literal('active'),
});
export type EnableAnswer = z.output<typeof enableAnswer>;

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/retry (202): the worker sends it again. */
export const retryAnswer = z.object({
  deliveryId: z.string().meta({ description: 'The webhook-id the retry is sent with (the same as before)' }),
});
export type RetryAnswer = z.output<typeof retryAnswer>;
