import { z } from 'zod';
import { text } from '../common/input';
import { WEBHOOK_EVENT_TYPES } from './webhook.events';

export const WEBHOOK_EVENTS_REQUIRED = `events must name at least one of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

/** POST /api/webhooks. The URL's rules (https in production, no private addresses) are checked by the command. */
export const createWebhookSchema = z.strictObject({
  url: text({ label: 'URL', max: 2048, min: 1 }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_EVENTS_REQUIRED }), { error: WEBHOOK_EVENTS_REQUIRED })
    .min(1, WEBHOOK_EVENTS_REQUIRED)
    .max(WEBHOOK_EVENT_TYPES.length * 2, WEBHOOK_EVENTS_REQUIRED),
  includeBots: z.boolean({ error: 'includeBots must be true or false' }).optional().default(false),
});
export type CreateWebhook = z.output<typeof createWebhookSchema>;

export const REPLAY_FROM_INVALID = 'from must be an ISO 8601 date and time, not in the future';

/** POST /api/webhooks/{id}/replay: every event of the webhook's types since `from`, sent again. */
export const replayWebhookSchema = z.strictObject({
  from: z
    .string({ error: REPLAY_FROM_INVALID })
    .max(64, REPLAY_FROM_INVALID)
    .refine((value) => /^\d{4}-\d{2}-\d{2}(T|$)/.test(value) && !Number.isNaN(Date.parse(value)), REPLAY_FROM_INVALID)
    .transform((value) => new Date(value))
    .refine((value) => value.getTime() <= Date.now() + 60_000, REPLAY_FROM_INVALID),
});
export type ReplayWebhook = z.output<typeof replayWebhookSchema>;
